import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureServer, html, redirect, startFixtureServer } from "../../test/fixtures/fixture-server.ts";
import { createSafeFetch, isPublicAddress, type SafeFetch, SafeFetchError, safeFetch } from "./safe-fetch.ts";

const opts = { maxBytes: 1024 * 1024, timeoutMs: 2000 };

async function failure(p: Promise<unknown>): Promise<SafeFetchError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SafeFetchError);
  return err as SafeFetchError;
}

describe("isPublicAddress", () => {
  it.each(["8.8.8.8", "1.1.1.1", "93.184.216.34", "2606:4700:4700::1111", "64:ff9b::808:808", "2002:808:808::1"])("%s is public", (ip) =>
    expect(isPublicAddress(ip)).toBe(true),
  );
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "0.0.0.0",
    "100.64.0.1",
    "100.127.255.255",
    "224.0.0.1",
    "239.1.1.1",
    "240.0.0.1",
    "255.255.255.255",
    "192.0.2.1",
    "198.18.0.1",
    "::",
    "::1",
    "fe80::1",
    "fe80::1%eth0",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "::ffff:10.0.0.1",
    "64:ff9b::7f00:1",
    "2001:db8::1",
    "2001::1",
    "2002:7f00:1::",
    "not-an-ip",
    "",
  ])("%s is not public", (ip) => expect(isPublicAddress(ip)).toBe(false));
});

describe("safeFetch", () => {
  let server: FixtureServer;
  let other: FixtureServer;
  let fetch: SafeFetch;
  let resolved: string[];

  beforeAll(async () => {
    other = await startFixtureServer({ "/": html("<p>internal</p>") });
    server = await startFixtureServer({
      "/page": html("<title>Hello</title>"),
      "/echo": (req, res) => res.end(JSON.stringify({ accept: req.headers.accept, host: req.headers.host })),
      "/hook": (req, res) => {
        let body = "";
        req.on("data", (c: Buffer) => (body += c.toString()));
        req.on("end", () => res.end(JSON.stringify({ method: req.method, type: req.headers["content-type"], body })));
      },
      "/r1": redirect("/r2"),
      "/r2": redirect("r3", 301),
      "/r3": redirect("/page", 307),
      "/r0": redirect("/r1"),
      "/missing": html("gone", 404),
      "/declared-big": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html", "content-length": String(5_000_000) });
        res.write("<p>start</p>"); // …and never the rest: the size alone must refuse it
      },
      "/streamed-big": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html" });
        const chunk = "x".repeat(64 * 1024);
        for (let i = 0; i < 40; i++) res.write(chunk);
        res.end();
      },
      "/gzip": (_req, res) => {
        res.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" });
        res.end(gzipSync("zipped text"));
      },
      "/gzip-bomb": (_req, res) => {
        res.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" });
        res.end(gzipSync(Buffer.alloc(50 * 1024 * 1024)));
      },
      "/no-headers": () => {},
      "/slow-body": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html" });
        res.write("<p>first bytes");
      },
      "/validated": (req, res) => {
        const unchanged = req.headers["if-none-match"] === '"v1"' || req.headers["if-modified-since"] === "Tue, 01 Dec 2026 10:00:00 GMT";
        res.writeHead(unchanged ? 304 : 200, { etag: '"v1"', "last-modified": "Tue, 01 Dec 2026 10:00:00 GMT" });
        res.end(unchanged ? undefined : "fresh");
      },
      "/to-other": redirect(other.url("/")),
      "/to-evil": redirect("http://evil.test/"),
      "/to-file": redirect("file:///etc/passwd"),
    });
    const port = server.port;
    resolved = [];
    fetch = createSafeFetch({
      allowAddress: (ip, p) => ip === "127.0.0.1" && p === port,
      resolve: async (host) => {
        resolved.push(host);
        if (host === "pinned.test" || host === "evil.test") return [{ address: "127.0.0.1", family: 4 }];
        throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await other.close();
  });

  it("reads a page, its type and where it ended", async () => {
    const res = await fetch(server.url("/page"), opts);
    expect(res.status).toBe(200);
    expect(res.contentType).toBe("text/html");
    expect(res.body.toString()).toBe("<title>Hello</title>");
    expect(res.finalUrl).toBe(server.url("/page"));
  });

  it("sends the Accept header asked for", async () => {
    const res = await fetch(server.url("/echo"), { ...opts, accept: "text/html" });
    expect(JSON.parse(res.body.toString()).accept).toBe("text/html");
  });

  it("asks conditionally with the validators it is given: an unchanged resource is a 304 with no body, not an error", async () => {
    const first = await fetch(server.url("/validated"), opts);
    expect([first.status, first.body.toString(), first.headers.etag]).toEqual([200, "fresh", '"v1"']);
    const byEtag = await fetch(server.url("/validated"), { ...opts, conditional: { etag: '"v1"' } });
    expect([byEtag.status, byEtag.body.length]).toEqual([304, 0]);
    const byDate = await fetch(server.url("/validated"), { ...opts, conditional: { lastModified: "Tue, 01 Dec 2026 10:00:00 GMT" } });
    expect(byDate.status).toBe(304);
    // Without validators a 304 is not something the caller can use.
    expect((await fetch(server.url("/validated"), { ...opts, conditional: { etag: '"v0"' } })).status).toBe(200);
  });

  // Chat webhooks are POSTs through the same address rules.
  it("POSTs a body with its content type, and follows no redirect with it", async () => {
    const post = { body: '{"text":"hi"}', contentType: "application/json" };
    const res = await fetch(server.url("/hook"), { ...opts, post });
    expect(JSON.parse(res.body.toString())).toEqual({ method: "POST", type: "application/json", body: '{"text":"hi"}' });
    expect((await failure(fetch(server.url("/r3"), { ...opts, post }))).code).toBe("too_many_redirects");
  });

  it("follows up to three redirects, relative ones included", async () => {
    const res = await fetch(server.url("/r1"), opts);
    expect(res.finalUrl).toBe(server.url("/page"));
    expect(res.body.toString()).toContain("Hello");
  });

  it("refuses a fourth redirect, or any beyond maxRedirects", async () => {
    expect((await failure(fetch(server.url("/r0"), opts))).code).toBe("too_many_redirects");
    expect((await failure(fetch(server.url("/r3"), { ...opts, maxRedirects: 0 }))).code).toBe("too_many_redirects");
  });

  it("refuses a body announced as too large without waiting for it", async () => {
    const started = Date.now();
    expect((await failure(fetch(server.url("/declared-big"), opts))).code).toBe("too_large");
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("stops reading a streamed body once it passes maxBytes", async () => {
    expect((await failure(fetch(server.url("/streamed-big"), opts))).code).toBe("too_large");
  });

  it("decompresses gzip and counts the decompressed bytes", async () => {
    expect((await fetch(server.url("/gzip"), opts)).body.toString()).toBe("zipped text");
    expect((await failure(fetch(server.url("/gzip-bomb"), opts))).code).toBe("too_large");
  });

  it("gives up at timeoutMs, whether the headers or the body never come", async () => {
    for (const p of ["/no-headers", "/slow-body"]) {
      const started = Date.now();
      expect((await failure(fetch(server.url(p), { ...opts, timeoutMs: 300 }))).code).toBe("timeout");
      expect(Date.now() - started).toBeLessThan(1500);
    }
  });

  it("reports an error status with the status", async () => {
    const err = await failure(fetch(server.url("/missing"), opts));
    expect([err.code, err.status]).toEqual(["http_error", 404]);
  });

  it("connects to the address it checked, never resolving twice (no DNS rebinding)", async () => {
    resolved.length = 0;
    // pinned.test exists only in the injected resolver: the system resolver is never asked.
    const res = await fetch(`http://pinned.test:${server.port}/echo`, opts);
    expect(JSON.parse(res.body.toString()).host).toBe(`pinned.test:${server.port}`);
    expect(resolved).toEqual(["pinned.test"]);
  });

  it("reports unknown hosts and refused connections as network errors", async () => {
    expect((await failure(fetch("http://nowhere.test/", opts))).code).toBe("network_error");
    const closed = await startFixtureServer({});
    await closed.close();
    const toClosed = createSafeFetch({ allowAddress: (_ip, p) => p === closed.port });
    expect((await failure(toClosed(closed.url("/"), opts))).code).toBe("network_error");
  });

  it.each(["ftp://example.com/", "file:///etc/passwd", "data:text/html,hi", "javascript:alert(1)", "not a url", "http://user:pw@127.0.0.1/"])(
    "refuses %s as an invalid URL",
    async (url) => expect((await failure(fetch(url, opts))).code).toBe("invalid_url"),
  );

  it("checks every redirect hop again", async () => {
    // The first hop is allowed; the second is loopback on a port the policy does not allow.
    expect((await failure(fetch(server.url("/to-other"), opts))).code).toBe("blocked_address");
    expect(other.hits.size).toBe(0);
    expect((await failure(fetch(server.url("/to-evil"), opts))).code).toBe("blocked_address");
    expect((await failure(fetch(server.url("/to-file"), opts))).code).toBe("invalid_url");
  });

  describe("the default policy", () => {
    it.each([
      "http://127.0.0.1:PORT/page",
      "http://localhost:PORT/page",
      "http://[::1]:PORT/page",
      "http://[::ffff:127.0.0.1]:PORT/page",
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      "http://172.16.0.1/",
      "http://192.168.0.1/",
      "http://100.64.0.1/",
      "http://0.0.0.0:PORT/page",
      "http://2130706433:PORT/page",
      "http://0x7f000001:PORT/page",
      "http://0x7f.1:PORT/page",
      "http://0177.0.0.1:PORT/page",
      "http://[fe80::1]/",
      "http://[fd00::1]/",
      "http://224.0.0.1/",
    ])("refuses %s", async (template) => {
      const before = server.hits.get("/page") ?? 0;
      const err = await failure(safeFetch(template.replace("PORT", String(server.port)), opts));
      expect(err.code).toBe("blocked_address");
      expect(server.hits.get("/page") ?? 0).toBe(before);
    });

    it("refuses a public-looking host that resolves to loopback", async () => {
      const fetchDefault = createSafeFetch({ resolve: async () => [{ address: "127.0.0.1", family: 4 }] });
      expect((await failure(fetchDefault(`http://evil.test:${server.port}/page`, opts))).code).toBe("blocked_address");
    });

    it("refuses a host when any of its addresses is not public", async () => {
      const mixed = createSafeFetch({
        resolve: async () => [
          { address: "93.184.216.34", family: 4 },
          { address: "10.1.2.3", family: 4 },
        ],
      });
      expect((await failure(mixed("http://mixed.test/", opts))).code).toBe("blocked_address");
    });
  });
});
