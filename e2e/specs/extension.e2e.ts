// The browser extension loaded unpacked into Chromium: connected on its options page with a Bearer
// credential, it saves a page served here (which the server can't reach: loopback) through its
// popup, with the metadata read in the tab, and the page then shows on /home.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, request, type BrowserContext, type Worker } from "playwright-core";
import { BASE_URL, OUR_ORIGIN, DEMO_PASSWORD, signInWithApi, visible } from "../support";
import { TEST_EXTENSION_ID, TEST_EXTENSION_KEY } from "../extension-key.mjs";

const root = join(import.meta.dirname, "..", "..");
const built = join(root, "apps/extension/dist/chromium");
const run = Date.now().toString(36);
const TITLE = `Intranet guide to window functions ${run}`;
const EMAIL = "member@acme.test";

let pageServer: Server;
let pageUrl: string;
let profile: string;
let unpacked: string;
let context: BrowserContext;
let worker: Worker;
let extensionId: string;

/** The tab's own page: what only the browser can read (loopback is no address the server fetches). */
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain title ${run}</title>
<meta property="og:title" content="${TITLE}"><meta property="og:description" content="Ranking, running totals and gaps">
<meta name="author" content="Intranet team">
<script type="application/ld+json">{"@type":"VideoObject","duration":"PT12M30S"}</script></head>
<body><h1>Window functions</h1><p>Internal notes.</p></body></html>`;

/** A session token for the demo member, as better-auth answers it to an API client (set-auth-token). */
async function sessionToken(): Promise<string> {
  const api = await request.newContext({ baseURL: BASE_URL });
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await api.post("/api/auth/sign-in/email", { headers: OUR_ORIGIN, data: { email: EMAIL, password: DEMO_PASSWORD } });
      const token = res.headers()["set-auth-token"];
      if (res.ok() && token) return token;
      if (res.status() !== 429) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(Number(res.headers()["retry-after"] ?? "30"), 60) * 1000 + 500));
    }
    throw new Error("sign-in kept being rate limited");
  } finally {
    await api.dispose();
  }
}

beforeAll(async () => {
  if (!readFileSafe(join(built, "manifest.json"))) {
    const result = spawnSync("npm", ["run", "build", "-w", "@learnward/extension"], { cwd: root, stdio: "inherit" });
    if (result.status !== 0) throw new Error("the extension build failed");
  }
  // The built extension, with the one thing a person grants on its options page given up front: the
  // browser's permission prompt (chrome.permissions.request) can't be answered headless. Loopback
  // covers both the Learnward server and the page saved here. Its key fixes its id, which the suite's
  // server allows as an origin (extension-key.mjs).
  unpacked = mkdtempSync(join(tmpdir(), "learnward-extension-"));
  cpSync(built, unpacked, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(unpacked, "manifest.json"), "utf8"));
  writeFileSync(join(unpacked, "manifest.json"), JSON.stringify({ ...manifest, key: TEST_EXTENSION_KEY, host_permissions: ["http://127.0.0.1/*"] }));

  pageServer = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE));
  await new Promise<void>((resolve) => pageServer.listen(0, "127.0.0.1", resolve));
  pageUrl = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}/guides/window-functions`;

  profile = mkdtempSync(join(tmpdir(), "learnward-extension-profile-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    baseURL: BASE_URL,
    headless: true,
    ignoreDefaultArgs: ["--disable-extensions"],
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      `--disable-extensions-except=${unpacked}`,
      `--load-extension=${unpacked}`,
    ],
  });
  worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker", { timeout: 30_000 }));
  extensionId = new URL(worker.url()).host;
  expect(extensionId).toBe(TEST_EXTENSION_ID);
});

afterAll(async () => {
  await context?.close();
  await new Promise((resolve) => pageServer?.close(resolve));
  for (const dir of [profile, unpacked]) if (dir) rmSync(dir, { recursive: true, force: true });
});

function readFileSafe(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/** The id of the browser tab showing `url`, as the extension sees it. */
const tabIdOf = (url: string) =>
  worker.evaluate(async (u) => {
    const ext = (globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<Array<{ id: number; url: string }>> } } }).chrome;
    return (await ext.tabs.query({})).find((tab) => tab.url === u)?.id ?? null;
  }, url);

describe("browser extension", () => {
  it("is connected on its options page, saves the open tab from its popup, and the page shows on /home", async () => {
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await visible(options.getByRole("heading", { name: "Learnward extension settings" }));
    await options.getByLabel("Your Learnward address").fill(`${BASE_URL}/library`);
    await options.getByRole("button", { name: "Save" }).click();
    await visible(options.getByText("Give the address as http(s)://host, without a path."));
    await options.getByLabel("Your Learnward address").fill(BASE_URL);
    await options.getByLabel("Access token").fill(await sessionToken());
    await options.getByRole("button", { name: "Save" }).click();
    await visible(options.getByRole("status").getByText("Saved."));
    await options.getByRole("button", { name: "Test connection" }).click();
    await visible(options.getByText(new RegExp(`Signed in as .* \\(${EMAIL}\\)`)));

    const tab = await context.newPage();
    await tab.goto(pageUrl);
    const tabId = await tabIdOf(pageUrl);
    expect(tabId).not.toBeNull();

    // The toolbar button can't be clicked headless: the popup opens as a page, told which tab to save.
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html?tab=${tabId}`);
    await visible(popup.getByText(`Plain title ${run}`));
    const save = await visible(popup.getByRole("button", { name: "Save to my library" }));
    await save.click();
    await visible(popup.getByText("Saved to your library."));
    await visible(popup.getByText("Already in your library."));

    // Opened again, it knows the page is saved.
    await popup.reload();
    await visible(popup.getByText("Already in your library."));
    expect(await popup.getByRole("button", { name: "Save to my library" }).count()).toBe(0);

    const home = await context.newPage();
    await signInWithApi(context, EMAIL);
    await home.goto(`${BASE_URL}/home`);
    await visible(home.getByRole("list", { name: "Saved items" }).getByRole("link", { name: TITLE }), 30_000);
  });
});
