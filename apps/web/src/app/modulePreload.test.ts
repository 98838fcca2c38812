// The build's helper for dynamic imports (modulePreload.ts, swapped in by vite-module-preload.ts):
// a page's chunk needs dozens of files, linked a few per task so that no task runs long.
import { afterEach, describe, expect, it, vi } from "vitest";
import { LINKS_PER_TASK, __vitePreload, evaluateInTurn } from "./modulePreload";
import { spreadModulePreloads, OWN_HELPER } from "../../vite-module-preload";

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname);
const files = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `assets/${prefix}-${i}.js`);

// Only the links: the page's head is shared with the other test files of this worker (emotion's styles).
afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
});

describe("the helper for dynamic imports", () => {
  it("links the chunk's files a few per task, and imports the chunk once all are linked", async () => {
    const deps = files("page", 2 * LINKS_PER_TASK + 3);
    let linkedWhenImported: string[] = [];
    const load = vi.fn(async () => {
      linkedWhenImported = preloads();
      return { default: "the page" };
    });

    const loaded = __vitePreload(load, deps);
    // The first task has added its share and no more; the import waits for the rest.
    expect(preloads()).toEqual(deps.slice(0, LINKS_PER_TASK).map((dep) => `/${dep}`));
    expect(load).not.toHaveBeenCalled();

    await expect(loaded).resolves.toEqual({ default: "the page" });
    expect(load).toHaveBeenCalledOnce();
    expect(linkedWhenImported).toEqual(deps.map((dep) => `/${dep}`));
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="modulepreload"]')!;
    expect(link.crossOrigin).toBe("");
  });

  it("links each file once: not those the page came with, nor those an earlier import linked", async () => {
    const [fromPage, shared, first, second] = files("once", 4);
    const inPage = Object.assign(document.createElement("link"), { rel: "modulepreload", href: `/${fromPage}` });
    document.head.append(inPage);

    await __vitePreload(async () => null, [first!, shared!, fromPage!]);
    await __vitePreload(async () => null, [second!, shared!]);

    expect(preloads().sort()).toEqual([fromPage, shared, first, second].map((dep) => `/${dep}`).sort());
  });

  it("reports a failed import as Vite does, and fails unless a listener takes it", async () => {
    const failure = new Error("chunk missing after a deploy");
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as Event & { payload: unknown }).payload);
    window.addEventListener("vite:preloadError", listener);
    try {
      await expect(__vitePreload(() => Promise.reject(failure), files("failed", 1))).rejects.toBe(failure);
      expect(seen).toEqual([failure]);

      const quiet = (event: Event) => event.preventDefault();
      window.addEventListener("vite:preloadError", quiet);
      await expect(__vitePreload(() => Promise.reject(failure), files("failed-quiet", 1))).resolves.toBeUndefined();
      window.removeEventListener("vite:preloadError", quiet);
    } finally {
      window.removeEventListener("vite:preloadError", listener);
    }
  });

  it("evaluates the chunk's files one task each, what the chunk imports before the chunk, each file once", async () => {
    const seen: string[] = [];
    const importFile = async (href: string) => {
      seen.push(new URL(href).pathname);
      // A task queued now runs before the next file's import only if that import waits for a task.
      setTimeout(() => seen.push("(next task)"));
    };

    // Vite lists the chunk first, then what it imports, depth first (stylesheets are linked, not imported).
    await evaluateInTurn(["assets/turn-0.js", "assets/turn-1.js", "assets/turn.css", "assets/turn-2.js"], importFile);
    expect(seen).toEqual(["/assets/turn-2.js", "(next task)", "/assets/turn-1.js", "(next task)", "/assets/turn-0.js", "(next task)"]);

    // A later chunk needing some of the same files imports only its own.
    seen.length = 0;
    await evaluateInTurn(["assets/turn-3.js", "assets/turn-1.js"], importFile);
    expect(seen.filter((entry) => entry !== "(next task)")).toEqual(["/assets/turn-3.js"]);
  });

  it("leaves a file that fails to load to the chunk's import, which reports it", async () => {
    const failure = new Error("file missing after a deploy");
    const tried: string[] = [];
    await evaluateInTurn(["assets/fails-0.js", "assets/fails-1.js", "assets/fails-2.js"], async (href) => {
      tried.push(new URL(href).pathname);
      throw failure;
    });
    // It stops at the first: the import that follows fails with the same error, reported as Vite does.
    expect(tried).toEqual(["/assets/fails-2.js"]);
  });

  it("is what the build imports in place of Vite's own", () => {
    const plugin = spreadModulePreloads();
    const load = plugin.load as (id: string) => string | null;
    expect(load("\0vite/preload-helper.js")).toBe(`export { __vitePreload } from ${JSON.stringify(OWN_HELPER)};`);
    expect(OWN_HELPER).toMatch(/src[\\/]app[\\/]modulePreload\.ts$/);
    expect(load("/src/app/router.tsx")).toBeNull();
  });
});
