// Drives one autocannon run from its own thread, so the load generator does not share the
// server's event loop (in-process, both would be measured together).
import { parentPort, workerData } from "node:worker_threads";
import autocannon from "autocannon";

const { url, connections, duration, headers, paths } = workerData;
const result = await autocannon({ url, connections, duration, headers, requests: paths.map((path) => ({ method: "GET", path })) });
parentPort.postMessage({
  rps: Math.round(result.requests.average),
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.non2xx,
  total: result.requests.total,
});
