// The reference Learnward's hot routes are measured against: bare `node:http` + `pg`, no
// framework, no auth, no validation, the same pool size as the app. It runs, per request path, exactly
// the statements Learnward ran for that path (captured by bench/reference.ts from the app's own query
// builder, text and parameters), as named prepared statements, and answers their rows as JSON.
// Started by bench/reference.ts as a child process: it receives
//   { url, poolSize, port, routes: { [path]: { text, values }[] } }
// and answers { listening: port }.
import http from "node:http";
import { createHash } from "node:crypto";
import pg from "pg";

process.once("message", ({ url, poolSize, port, routes }) => {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on("error", () => {});
  // node-postgres prepares a named statement once per connection, as Drizzle's .prepare(name) does.
  const named = (text) => `ref_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
  const table = new Map(Object.entries(routes).map(([path, statements]) => [path, statements.map((s) => ({ name: named(s.text), ...s }))]));

  const server = http.createServer(async (req, res) => {
    const statements = table.get(req.url);
    if (!statements) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end('{"error":{"code":"not_found","message":"Not found"}}');
      return;
    }
    try {
      let rows = [];
      for (const { name, text, values } of statements) rows = (await pool.query({ name, text, values })).rows;
      const body = JSON.stringify({ count: rows.length, results: rows });
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
      res.end(body);
    } catch (err) {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "internal", message: String(err) } }));
    }
  });
  server.keepAliveTimeout = 60_000;
  server.listen(port, "127.0.0.1", () => process.send({ listening: server.address().port }));
  process.once("disconnect", () => {
    server.close();
    void pool.end().finally(() => process.exit(0));
    server.closeAllConnections();
  });
});
