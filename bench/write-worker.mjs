// Drives one person's saves from its own process (the server's event loop measures only the
// server): `concurrency` loops, each saving a new link after the previous answer, for `duration`
// seconds. Answers saves/s, p50 and p99 in ms, and the answers that were not 201.
process.once("message", async ({ url, token, concurrency, duration, prefix }) => {
  const latencies = [];
  let errors = 0;
  let next = 0;
  const until = performance.now() + duration * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const n = next++;
      const started = performance.now();
      const res = await fetch(`${url}/api/contentuser/save/`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ url: `https://bench.example/saved/${prefix}-${n}`, title: `Saved ${prefix} ${n}`, fetch_metadata: false }),
      });
      await res.arrayBuffer();
      if (res.status === 201) latencies.push(performance.now() - started);
      else errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  process.send({ rate: Math.round((latencies.length / seconds) * 10) / 10, p50: at(0.5), p99: at(0.99), errors, total: latencies.length }, () =>
    process.exit(0),
  );
});
