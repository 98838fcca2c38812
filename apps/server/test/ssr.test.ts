import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { isPhone } from "../src/plugins/ssr.ts";
import { createTestContext, sessionCookie, type TestContext } from "./helpers.ts";
import { addPerson, createCompany } from "./factories.ts";

// A stand-in for apps/web's server build (dist-ssr/entry-server.js), with the same signature: it
// renders what the API answered it, so the test sees which calls it could make and as whom.
const ENTRY = `
export async function render({ url, cookie, phone, api }) {
  if (url.startsWith("/broken")) throw new Error("render failed");
  if (url.startsWith("/browser-only")) return null;
  if (url.startsWith("/stuck")) return new Promise(() => {});
  const session = await (await api("/api/session")).json();
  let refused = "";
  try { await api("https://example.com/"); } catch (error) { refused = error.message; }
  const who = session.me ? session.me.user.email : "anonymous";
  return {
    locale: cookie.includes("NEXT_LOCALE=es") ? "es" : "en",
    // A page's worth of text, above the size compression starts at.
    html: "<p>" + VERSION + " " + url + " phone=" + phone + " " + who + " | " + refused + "</p><p>Pay $& save $' now</p>" + "<p>learnward</p>".repeat(200),
    head: '<style data-emotion="css abc">.css-abc{color:red}</style>',
    state: { note: "</script><script>alert(1)</script>" },
  };
}
`;

let ctx: TestContext;
let root: string;
let cookie: string;
let memberEmail: string;
const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Learnward</title><link rel="modulepreload" href="/assets/index-1.js"></head><body><div id="root"></div></body></html>';

// The version last written: tests that rebuild move it on, so none expects the version another left.
let version = 0;
function writeEntry(next = version + 1) {
  version = next;
  const file = path.join(root, "dist-ssr", "entry-server.js");
  // Loading it leaves a trace, to see when the server loads it.
  fs.writeFileSync(file, `const VERSION = ${version}; globalThis.learnwardBuildLoaded = VERSION;${ENTRY}`);
  // The server loads a rebuilt bundle when its modification time changes.
  const at = new Date(Date.now() + version * 1000);
  fs.utimesSync(file, at, at);
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "lw-ssr-"));
  fs.mkdirSync(path.join(root, "dist", "assets"), { recursive: true });
  fs.mkdirSync(path.join(root, "dist-ssr"));
  fs.writeFileSync(path.join(root, "dist", "index.html"), TEMPLATE);
  writeEntry();
  ctx = await createTestContext({ seed: false, env: { WEB_DIST: path.join(root, "dist") } });
  memberEmail = (await addPerson(ctx, { company: (await createCompany(ctx)).id, role: "member" })).email;
  cookie = await sessionCookie(ctx, memberEmail);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: "GET", url, headers });

describe("pages rendered on the server", () => {
  it("sends the rendered page with its styles, language and state, never stored", async () => {
    const res = await page("/login?next=%2Fhome", { cookie: "NEXT_LOCALE=es" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).toContain('<style data-emotion="css abc">.css-abc{color:red}</style></head>');
    expect(res.body).toContain(`<div id="root"><p>${version} /login?next=%2Fhome phone=false anonymous`);
    // People's text reaches the page as it is ("$&" is not a replacement pattern).
    expect(res.body).toContain("<p>Pay $& save $' now</p>");
    // The state cannot end its script tag: a page can't be made to run what a value holds.
    expect(res.body).toContain('<script type="application/json" id="learnward-state">{"note":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script>');
    expect(res.body).not.toContain("<script>alert(1)");
  });

  it("paints the page once it is parsed whole, and leaves its code for the code to ask for", async () => {
    const rendered = (await page("/login")).body;
    expect(rendered).toContain('<link rel="expect" href="#learnward-state" blocking="render"><style data-emotion');
    expect(rendered.indexOf('rel="expect"')).toBeLessThan(rendered.indexOf("</head>"));
    expect(rendered).not.toContain("modulepreload");
    expect(rendered.indexOf('id="learnward-state"')).toBeGreaterThan(rendered.indexOf('<div id="root"><p>'));
    // A page the browser draws needs its code to paint: left as it was.
    expect((await page("/browser-only", { cookie })).body).toBe(TEMPLATE);
  });

  it("calls the API as the visitor, and nothing but the API", async () => {
    const signedIn = await page("/home", { cookie });
    expect(signedIn.body).toContain(`/home phone=false ${memberEmail} | Only the API is called while rendering`);
    const someoneElse = await page("/home", { cookie: "better-auth.session_token=forged" });
    expect(someoneElse.body).toContain("/home phone=false anonymous");
  });

  it("lays the page out for a phone when the request comes from one", async () => {
    const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
    expect((await page("/login", { "user-agent": iphone })).body).toContain("phone=true");
  });

  it("compresses the rendered page", async () => {
    const res = await page("/login", { "accept-encoding": "br" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain(`<p>${version} /login`);
  });

  it("sends index.html as it is when the render fails, hangs, or the page is the browser's to draw", async () => {
    for (const url of ["/broken", "/browser-only", "/stuck"]) {
      // Signed in: these are not public pages (an unsigned visitor would be sent to /login).
      const res = await page(url, { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toBe(TEMPLATE);
    }
  });

  it("renders with the new build after a rebuild while running", async () => {
    writeEntry();
    expect((await page("/login")).body).toContain(`<p>${version} /login`);
  });

  it("loads the build once the server listens, before any page is asked for", async () => {
    // A server of its own: another test may already have asked the shared one for a page.
    const loaded = () => (globalThis as { learnwardBuildLoaded?: number }).learnwardBuildLoaded;
    const ownRoot = fs.mkdtempSync(path.join(os.tmpdir(), "lw-ssr-own-"));
    fs.mkdirSync(path.join(ownRoot, "dist", "assets"), { recursive: true });
    fs.mkdirSync(path.join(ownRoot, "dist-ssr"));
    fs.writeFileSync(path.join(ownRoot, "dist", "index.html"), TEMPLATE);
    const own = 1_000_000 + version;
    fs.writeFileSync(path.join(ownRoot, "dist-ssr", "entry-server.js"), `globalThis.learnwardBuildLoaded = ${own};${ENTRY}`);
    const ownCtx = await createTestContext({ seed: false, env: { WEB_DIST: path.join(ownRoot, "dist") } });
    try {
      expect(loaded()).not.toBe(own);
      await ownCtx.app.listen({ port: 0, host: "127.0.0.1" });
      await vi.waitFor(() => expect(loaded()).toBe(own), { timeout: 5_000 });
    } finally {
      await ownCtx.close();
      fs.rmSync(ownRoot, { recursive: true, force: true });
    }
  });

  it("keeps the API and files out of page rendering", async () => {
    expect((await page("/api/missing")).json().error.code).toBe("not_found");
    expect((await page("/favicon-missing.svg")).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "POST", url: "/home" })).statusCode).toBe(404);
  });
});

describe("isPhone", () => {
  it("reads the user agent's Mobile token or the mobile client hint", () => {
    const android = "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36";
    const tablet = "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36";
    const desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36";
    expect(isPhone({ "user-agent": android, "sec-ch-ua-mobile": "?0" })).toBe(true);
    expect(isPhone({ "user-agent": tablet })).toBe(false);
    expect(isPhone({ "user-agent": desktop })).toBe(false);
    expect(isPhone({ "user-agent": desktop, "sec-ch-ua-mobile": "?1" })).toBe(true);
    expect(isPhone({})).toBe(false);
  });
});
