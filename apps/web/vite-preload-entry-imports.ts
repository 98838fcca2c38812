import type { IndexHtmlTransformResult, Plugin } from "vite";

/*
 * main.tsx imports the framework and then the app's start dynamically, one after the other, so that
 * the browser evaluates each in a task of its own. Vite's page preloads only what an entry imports
 * statically; this adds what the entry imports dynamically, and what those import, so the browser
 * still fetches all of it with the page rather than once the entry has run.
 */
export function preloadEntryImports(): Plugin {
  return {
    name: "learnward:preload-entry-imports",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { chunk, bundle }): IndexHtmlTransformResult {
        if (!chunk || !bundle) return html;
        const files = new Set<string>();
        const visit = (file: string) => {
          const imported = bundle[file];
          if (files.has(file) || imported?.type !== "chunk") return;
          files.add(file);
          imported.imports.forEach(visit);
        };
        chunk.dynamicImports.forEach(visit);
        return {
          html,
          tags: [...files]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => ({
              tag: "link",
              attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
              injectTo: "head",
            })),
        };
      },
    },
  };
}
