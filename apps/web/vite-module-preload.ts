import path from "node:path";
import type { Plugin } from "vite";

/** The module Vite's build imports its `__vitePreload` from, in every chunk with a dynamic import. */
const VITE_HELPER = "\0vite/preload-helper.js";
/** Ours, with the same signature: src/app/modulePreload.ts says why. */
export const OWN_HELPER = path.join(import.meta.dirname, "src", "app", "modulePreload.ts");

/** Swaps Vite's helper for dynamic imports for the app's own, which spreads its links over tasks. */
export function spreadModulePreloads(): Plugin {
  return {
    name: "learnward:spread-module-preloads",
    apply: "build",
    enforce: "pre",
    load(id) {
      return id === VITE_HELPER ? `export { __vitePreload } from ${JSON.stringify(OWN_HELPER)};` : null;
    },
  };
}
