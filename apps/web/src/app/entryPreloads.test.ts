// The page preloads what main.tsx imports dynamically at once (vite-preload-entry-imports.ts), so the
// framework and the app's start download with the page rather than once the entry has run.
import { describe, expect, it } from "vitest";
import type { IndexHtmlTransformContext } from "vite";
import { preloadEntryImports } from "../../vite-preload-entry-imports";

type Chunk = { type: "chunk"; fileName: string; imports: string[]; dynamicImports: string[] };
const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []): Chunk => ({ type: "chunk", fileName, imports, dynamicImports });
type Handler = (html: string, context: IndexHtmlTransformContext) => { html: string; tags: { attrs: Record<string, unknown> }[] };

function transform(html: string, entry: Chunk, chunks: Chunk[]) {
  const bundle = Object.fromEntries([entry, ...chunks].map((c) => [c.fileName, c]));
  const { handler } = preloadEntryImports().transformIndexHtml as unknown as { handler: Handler };
  return handler(html, { path: "/index.html", filename: "index.html", chunk: entry, bundle } as unknown as IndexHtmlTransformContext);
}

describe("the page's preloads", () => {
  it("name the entry's dynamic imports and what they import, each once, leaving out what the page has", () => {
    const entry = chunk("assets/index.js", ["assets/runtime.js"], ["assets/frameworkFirst.js", "assets/start.js"]);
    const html = '<script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/runtime.js">';
    const { tags } = transform(html, entry, [
      chunk("assets/runtime.js"),
      chunk("assets/frameworkFirst.js", ["assets/framework.js", "assets/runtime.js"]),
      chunk("assets/framework.js", ["assets/runtime.js"]),
      // The app's start and the code of the pages it imports when asked: only the former is preloaded.
      chunk("assets/start.js", ["assets/boot.js"]),
      chunk("assets/boot.js", ["assets/framework.js"], ["assets/HomePage.js"]),
      chunk("assets/HomePage.js", ["assets/framework.js"]),
    ]);
    expect(tags.map((tag) => tag.attrs)).toEqual(
      ["frameworkFirst", "framework", "start", "boot"].map((name) => ({ rel: "modulepreload", crossorigin: true, href: `/assets/${name}.js` })),
    );
  });
});
