// Prints what /login, /home and the other measured pages (e2e/lighthouse.mjs) load first (gzip) and
// fails the build when a budget (bytes or files) is exceeded, or when zod is in a page's first load: answers are
// checked with schemas loaded on first use (src/lib/contracts.ts), forms with lazy resolvers.
// "Loads first" = the entry chunk and what it imports dynamically at once, the route's lazy layout
// and page chunks, every chunk they import statically, and the English translation chunks the route
// waits for before it renders.
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));

const KB = 1024;
/** A signed-in page: the app's layout and the page, with the shell's translations and the page's. */
const signedIn = (path, page, namespace) => ({
  path,
  modules: ["src/app/layout/AppLayout.tsx", page],
  namespaces: ["common", "errors", "onboarding", namespace],
  budgetJs: 300 * KB,
  budgetFiles: 45,
});
const ROUTES = [
  {
    path: "/login",
    modules: ["src/app/layout/PublicLayout.tsx", "src/routes/auth/LoginPage.tsx"],
    namespaces: ["common", "errors", "auth"],
    budgetJs: 200 * KB,
    budgetFiles: 15,
  },
  signedIn("/home", "src/routes/home/HomePage.tsx", "home"),
  // No budget of their own for these: the signed-in pages' 300 KB keeps them in view.
  signedIn("/discover", "src/routes/discover/DiscoverPage.tsx", "discover"),
  signedIn("/dashboard/content", "src/routes/insights/InsightsPage.tsx", "insights"),
  signedIn("/collaborative-network", "src/routes/network/LearningPathsPage.tsx", "network"),
];
/** zod's own type names, kept as strings in its built code: a chunk with them holds zod. */
const ZOD_MARK = "$ZodType";

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error("No entry chunk in dist/.vite/manifest.json (is build.manifest on?)");

function collect(key, seen) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) collect(imported, seen);
}

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
let failed = false;

for (const route of ROUTES) {
  const keys = new Set();
  // main.tsx imports the framework and the app's start dynamically, one after the other, at once.
  for (const key of [entryKey, ...(manifest[entryKey].dynamicImports ?? []), ...route.modules]) collect(key, keys);
  for (const ns of route.namespaces) collect(`src/i18n/locales/en/${ns}.json`, keys);

  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk.file.endsWith(".js")) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  const jsBytes = [...js].reduce((sum, file) => sum + gzipSize(file), 0);
  const withZod = [...js].filter((file) => readFileSync(join(dist, file), "utf8").includes(ZOD_MARK));
  failed ||= withZod.length > 0;
  const cssBytes = [...css].reduce((sum, file) => sum + gzipSize(file), 0);
  const over = jsBytes > route.budgetJs;
  // Each file is a request and a module of its own while the page starts, however small it is.
  const tooMany = js.size > route.budgetFiles;
  failed ||= over || tooMany;

  console.log(
    `\n${route.path}: initial JS ${kb(jsBytes)} (${jsBytes} B) gzip (budget ${kb(route.budgetJs)})${over ? "  OVER BUDGET" : ""}, CSS ${kb(cssBytes)} gzip, ${js.size} JS files (budget ${route.budgetFiles})${tooMany ? "  TOO MANY FILES" : ""}`,
  );
  for (const file of [...js].sort((a, b) => gzipSize(b) - gzipSize(a))) console.log(`  ${kb(gzipSize(file)).padStart(9)}  ${file}`);
  for (const file of css) console.log(`  ${kb(gzipSize(file)).padStart(9)}  ${file}`);
  if (withZod.length) console.log(`  ZOD IN THE FIRST LOAD: ${withZod.join(", ")}`);
}

if (failed) {
  console.error("\nsize-report: an initial JavaScript budget (bytes or files) is exceeded, or zod is in a first load.");
  process.exit(1);
}
