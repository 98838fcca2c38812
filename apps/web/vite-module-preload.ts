import path from "node:path";
import type { Plugin } from "vite";

/** The module Vite's build imports its `__vitePreload` from, in every chunk with a dynamic import. */
const VITE_HELPER = "\0vite/preload-helper.js";
/** Ours, with the same signature: src/app/modulePreload.ts says why. */
export const OWN_HELPER = path.join(import.meta.dirname, "src", "app", "modulePreload.ts");

/**
 * Swaps Vite's helper for dynamic imports for the app's own, which spreads its links over tasks. A
 * browser build with dynamic imports that never asked for Vite's helper fails: Vite has moved it, and
 * the swap must be looked at again rather than silently lost.
 */
export function spreadModulePreloads(): Plugin {
  let swapped = false;
  return {
    name: "learnward:spread-module-preloads",
    apply: "build",
    enforce: "pre",
    buildStart() {
      swapped = false;
    },
    load(id) {
      if (id !== VITE_HELPER) return null;
      swapped = true;
      return `export { __vitePreload } from ${JSON.stringify(OWN_HELPER)};`;
    },
    generateBundle(_options, bundle) {
      const dynamic = Object.values(bundle).some((output) => output.type === "chunk" && output.dynamicImports.length > 0);
      if (dynamic && !swapped && this.environment.config.consumer === "client") {
        this.error(`Vite's helper for dynamic imports was not loaded as ${JSON.stringify(VITE_HELPER)}: review vite-module-preload.ts`);
      }
    },
  };
}
