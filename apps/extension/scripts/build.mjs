// Builds the extension for each browser from one source: dist/chromium and dist/firefox (load
// either unpacked), and a zip of each for its store, dist/learnward-extension-<target>.zip.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { zipFolder } from "./zip.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

/** One manifest, with what each browser needs of its own. */
function manifest(target) {
  const common = {
    manifest_version: 3,
    name: "__MSG_extName__",
    description: "__MSG_extDescription__",
    version,
    default_locale: "en",
    action: { default_title: "__MSG_actionTitle__", default_popup: "popup.html" },
    options_ui: { page: "options.html", open_in_tab: true },
    // activeTab: the page the person saves, for the moment they ask; the Learnward address is asked
    // for on the options page (optional_host_permissions), never every site up front.
    permissions: ["activeTab", "scripting", "storage", "contextMenus"],
    optional_host_permissions: ["https://*/*", "http://*/*"],
  };
  if (target === "chromium") return { ...common, minimum_chrome_version: "116", background: { service_worker: "background.js" } };
  return {
    ...common,
    background: { scripts: ["background.js"] },
    browser_specific_settings: { gecko: { id: "extension@learnward.app", strict_min_version: "128.0" } },
  };
}

rmSync(dist, { recursive: true, force: true });
for (const target of ["chromium", "firefox"]) {
  const out = join(dist, target);
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: ["popup", "options", "background"].map((name) => join(root, "src", `${name}.ts`)),
    outdir: out,
    bundle: true,
    format: "iife",
    target: target === "chromium" ? "chrome116" : "firefox128",
    minify: true,
    // The metadata reader runs in the page from its own source (chrome.scripting): keeping names
    // would make it call a helper that exists only in the bundle.
    keepNames: false,
    legalComments: "none",
    logLevel: "warning",
  });
  cpSync(join(root, "static"), out, { recursive: true });
  cpSync(join(root, "_locales"), join(out, "_locales"), { recursive: true });
  writeFileSync(join(out, "manifest.json"), `${JSON.stringify(manifest(target), null, 2)}\n`);
  zipFolder(out, join(dist, `learnward-extension-${target}.zip`));
  console.log(`extension: dist/${target} and dist/learnward-extension-${target}.zip`);
}
