// Drives one autocannon run from its own process, so the load generator does not share the
// server's event loop (in-process, both would be measured together). A child process, not a
// worker thread: inside a worker thread autocannon acts as one of its own workers and answers
// raw histograms instead of a result.
import autocannon from "autocannon";

process.once("message", async ({ url, connections, duration, headers, paths }) => {
  const result = await autocannon({ url, connections, duration, headers, requests: paths.map((path) => ({ method: "GET", path })) });
  process.send(
    {
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      total: result.requests.total,
    },
    () => process.exit(0),
  );
});
