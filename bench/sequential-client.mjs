// Times sequential HTTP calls from its own process, so the client's work (reading and buffering
// the answer) is not charged to the server's event loop and heap, as it would be in-process.
process.once("message", async ({ url, method, headers, body, warmup, runs }) => {
  const call = async () => {
    const t = performance.now();
    const res = await fetch(url, { method, headers, body });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status}`);
    return performance.now() - t;
  };
  for (let i = 0; i < warmup; i++) await call();
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await call());
  process.send(times, () => process.exit(0));
});
