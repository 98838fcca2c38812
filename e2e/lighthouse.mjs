#!/usr/bin/env node
// Lighthouse (performance, accessibility, best practices) on the production build served by
// the real server with the demo data, desktop and mobile presets, in Debian's Chromium. Prints the
// median scores of LIGHTHOUSE_RUNS runs (5) and the targets; exits 1 if one is missed.
// Usage: npm run lighthouse [-- /path ...]; LIGHTHOUSE_DUMP=dir keeps each median report as JSON.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { buildWebIfStale, log, startServer, takeRunLock } from "./harness.mjs";

const PAGES = ["/login", "/home", "/discover", "/dashboard/content", "/collaborative-network"];
const SIGNED_OUT = new Set(["/login"]);
/** The L&D leader reaches every listed page. */
const ACCOUNT = { email: "ldleader@acme.test", password: "learnward-demo" };
const CATEGORIES = ["performance", "accessibility", "best-practices"];
/**
 * Runs per page and preset; the median one is reported (LIGHTHOUSE_RUNS, default 5). Lighthouse's own
 * guidance (docs/variability.md): the median of five runs is twice as stable as one run. With three,
 * /home scored 85, 90, 94 and 95 in four runs of the script on this shared host.
 */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5) || 5);
const TARGETS = {
  desktop: { performance: 95, accessibility: 95 },
  mobile: { performance: 95, accessibility: 95 },
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function sessionCookie(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(ACCOUNT),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function main() {
  const pages = process.argv.slice(2).length ? process.argv.slice(2) : PAGES;
  await takeRunLock();
  buildWebIfStale();
  const server = await startServer("lighthouse-server.log");
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const rows = [];
  try {
    const cookie = await sessionCookie(server.baseUrl);
    for (const path of pages) {
      for (const preset of ["desktop", "mobile"]) {
        // One run on a shared 2-core machine swings by ten points: Lighthouse's own median run of several.
        const runs = [];
        for (let run = 0, retries = 0; run < RUNS; run++) {
          const result = await lighthouse(
            `${server.baseUrl}${path}`,
            { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES, extraHeaders: SIGNED_OUT.has(path) ? undefined : { cookie } },
            preset === "desktop" ? desktopConfig : undefined,
          );
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`no Lighthouse result for ${path} (${preset})`);
          // A trace without its navigation start (seen on the first run after Chromium starts) measured
          // nothing; Lighthouse's own advice is to run again.
          if (lhr.runtimeError?.code === "NO_NAVSTART" && retries < 2) {
            retries++;
            run--;
            log(`${path} ${preset}: the trace missed its navigation start, running again`);
            continue;
          }
          if (lhr.runtimeError) throw new Error(`${path} (${preset}): ${lhr.runtimeError.message}`);
          runs.push(lhr);
        }
        const lhr = computeMedianRun(runs);
        // LIGHTHOUSE_DUMP=dir keeps the median report, to read what an audit found.
        if (process.env.LIGHTHOUSE_DUMP) {
          mkdirSync(process.env.LIGHTHOUSE_DUMP, { recursive: true });
          writeFileSync(join(process.env.LIGHTHOUSE_DUMP, `${path.replaceAll("/", "_").slice(1) || "root"}-${preset}.json`), JSON.stringify(lhr));
        }
        const landed = new URL(lhr.finalDisplayedUrl).pathname;
        if (landed !== path) throw new Error(`${path} (${preset}) ended on ${landed}: the page was not measured`);
        const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const scores = Object.fromEntries(CATEGORIES.map((id) => [id, score(id)]));
        const missed = Object.entries(TARGETS[preset]).filter(([id, target]) => scores[id] < target);
        const failing = Object.values(lhr.audits)
          .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative" && audit.scoreDisplayMode !== "manual")
          .map((audit) => audit.id);
        // Lighthouse's own measure of the host's speed, so that figures taken on different machines can
        // be told apart (the same code has scored 70-80 on mobile on earlier hosts and 88-99 here).
        const bench = Math.round(median(runs.map((run) => run.environment.benchmarkIndex)));
        rows.push({
          path,
          preset,
          ...scores,
          bench,
          lcp: lhr.audits["largest-contentful-paint"]?.displayValue ?? "",
          tbt: lhr.audits["total-blocking-time"]?.displayValue ?? "",
          cls: lhr.audits["cumulative-layout-shift"]?.displayValue ?? "",
          missed,
          failing,
        });
        log(`${path} ${preset}: ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(", ")}`);
      }
    }
  } finally {
    await chrome.kill();
    await server.stop();
  }

  const pad = (text, width) => String(text).padEnd(width);
  console.log(
    `\n${pad("page", 24)}${pad("preset", 9)}${pad("perf", 6)}${pad("a11y", 6)}${pad("best", 6)}${pad("LCP", 9)}${pad("TBT", 9)}${pad("CLS", 7)}${pad("host", 6)}target`,
  );
  for (const row of rows) {
    const verdict = row.missed.length ? `MISSED: ${row.missed.map(([id, target]) => `${id} < ${target}`).join(", ")}` : "met";
    console.log(
      `${pad(row.path, 24)}${pad(row.preset, 9)}${pad(row.performance, 6)}${pad(row.accessibility, 6)}${pad(row["best-practices"], 6)}${pad(row.lcp, 9)}${pad(row.tbt, 9)}${pad(row.cls, 7)}${pad(row.bench, 6)}${verdict}`,
    );
  }
  const weak = rows.filter((row) => row.failing.length);
  if (weak.length) {
    console.log("\naudits scoring under 90:");
    for (const row of weak) console.log(`  ${row.path} ${row.preset}: ${row.failing.join(", ")}`);
  }
  const missedAny = rows.some((row) => row.missed.length);
  console.log("\nhost: Lighthouse's benchmark index of this machine during the runs (median); higher is faster.");
  console.log(
    `targets: performance ≥ ${TARGETS.desktop.performance} desktop and ≥ ${TARGETS.mobile.performance} mobile, accessibility ≥ 95 — ${missedAny ? "MISSED" : "all met"}`,
  );
  process.exit(missedAny ? 1 : 0);
}

await main();
