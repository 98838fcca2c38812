// The installable web app as the server sends it: the manifest (with the share target a phone's
// share sheet opens), the service worker and its offline page, the icons, and the browser
// extension's builds for loading unpacked. The web app's public files are copied into a build
// folder as Vite does, so these are the files the app ships.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, sessionCookie, type TestContext } from "./helpers.ts";
import { addPerson, createCompany } from "./factories.ts";

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web");
const ZIPS = ["learnward-extension-chromium.zip", "learnward-extension-firefox.zip"] as const;

let root: string;
let extensionDist: string;
let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "lw-pwa-"));
  const dist = path.join(root, "dist");
  fs.cpSync(path.join(WEB, "public"), dist, { recursive: true });
  fs.mkdirSync(path.join(dist, "assets"), { recursive: true });
  fs.copyFileSync(path.join(WEB, "index.html"), path.join(dist, "index.html"));
  extensionDist = path.join(root, "extension");
  fs.mkdirSync(extensionDist);
  // What must never be served from there: only the two builds are.
  fs.writeFileSync(path.join(extensionDist, "manifest.json"), "{}");
  fs.writeFileSync(path.join(root, "secret.txt"), "not for download");
  ctx = await createTestContext({ seed: false, env: { WEB_DIST: dist, EXTENSION_DIST: extensionDist } });
  const member = await addPerson(ctx, { company: (await createCompany(ctx)).id, role: "member" });
  cookie = await sessionCookie(ctx, member.email);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: "GET", url, headers });

describe("the installable web app", () => {
  it("serves a manifest a browser installs from, with a share target into the save dialog", async () => {
    const res = await get("/manifest.webmanifest");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: "Learnward",
      short_name: "Learnward",
      start_url: "/home",
      scope: "/",
      display: "standalone",
      theme_color: "#1d4ed8",
      share_target: { action: "/share", method: "GET", params: { title: "title", text: "text", url: "url" } },
    });
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose?: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose ?? "any"}`).sort()).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    // Every icon is a real PNG of the size it claims.
    for (const icon of icons) {
      const image = await get(icon.src);
      expect(image.statusCode, icon.src).toBe(200);
      expect(image.headers["content-type"], icon.src).toBe("image/png");
      const { format, width, height } = await sharp(image.rawPayload).metadata();
      expect(`${format} ${width}x${height}`, icon.src).toBe(`png ${icon.sizes}`);
    }
  });

  it("links the manifest, the icons and the worker's registration from every page", async () => {
    const page = await get("/login");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(page.body).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');
    const register = /<script src="(\/[a-z-]+\.js)" defer><\/script>/.exec(page.body)?.[1];
    expect(register).toBeDefined();
    const script = await get(register!);
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('serviceWorker.register("/sw.js"');
    expect((await sharp((await get("/icons/apple-touch-icon.png")).rawPayload).metadata()).width).toBe(180);
  });

  it("serves the service worker from the root, as JavaScript, always checked for a new version", async () => {
    const res = await get("/sw.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    // The page's security headers hold for the worker too: it may only load from this origin.
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    // It keeps the offline page and what the page loads, nothing from the API or anyone's pages.
    expect(res.body).toContain('"/offline.html"');
    expect(res.body).not.toMatch(/cache\.put|\/api\//);
  });

  it("has an offline page in English and Spanish whose script the security policy allows", async () => {
    const res = await get("/offline.html");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('lang="en"');
    expect(res.body).toContain("You're offline");
    expect(res.body).toContain('lang="es"');
    expect(res.body).toContain("Sin conexión");
    // No inline script: the Content-Security-Policy (script-src 'self') would refuse it.
    expect(res.body).not.toMatch(/<script>|<script [^>]*>[^<]+<\/script>/);
    const script = /<script src="(\/[a-z-]+\.js)"/.exec(res.body)?.[1];
    expect((await get(script!)).statusCode).toBe(200);
  });

  it("sends an unsigned visitor who shares a link to sign in, and back to the share after", async () => {
    const url = "/share?title=Window%20functions&text=Read%20this%20https%3A%2F%2Fsql.example%2Fwindow";
    const res = await get(url);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/login?next=${encodeURIComponent(url)}`);
    expect((await get(url, { cookie })).statusCode).toBe(200);
  });
});

describe("the browser extension's builds, to load unpacked", () => {
  it("answers a clear not-found while the extension is not built", async () => {
    for (const name of ZIPS) fs.rmSync(path.join(extensionDist, name), { force: true });
    for (const name of ZIPS) {
      const res = await get(`/downloads/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json(), name).toEqual({
        error: {
          code: "not_found",
          message: `The browser extension is not built: ${name} is made by npm run build`,
          details: { reason: "extension_not_built" },
        },
      });
    }
  });

  it("serves each build as a zip download once built", async () => {
    for (const name of ZIPS) fs.writeFileSync(path.join(extensionDist, name), `PK zip of ${name}`);
    for (const name of ZIPS) {
      const res = await get(`/downloads/${name}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers["content-type"], name).toBe("application/zip");
      expect(res.headers["content-disposition"], name).toBe(`attachment; filename="${name}"`);
      expect(res.headers["cache-control"], name).toBe("no-cache");
      expect(res.body).toBe(`PK zip of ${name}`);
    }
  });

  it("serves nothing else from that folder or beside it, whatever the path", async () => {
    for (const name of ZIPS) fs.writeFileSync(path.join(extensionDist, name), `PK zip of ${name}`);
    for (const url of [
      "/downloads/manifest.json",
      "/downloads/..%2Fsecret.txt",
      "/downloads/%2E%2E%2Fsecret.txt",
      "/downloads/../secret.txt",
      "/downloads/learnward-extension-chromium.zip%00.txt",
    ]) {
      const res = await get(url);
      // A NUL byte is refused by the router itself, before any route.
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain("not for download");
      expect(res.body, url).not.toBe("{}");
    }
  });
});
