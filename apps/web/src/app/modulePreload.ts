import { nextTask } from "../lib/tasks";

/*
 * What the build calls for each dynamic import in place of Vite's own helper (vite-module-preload.ts
 * swaps it in): it adds a modulepreload link for every file the imported chunk needs, so that they
 * download together rather than one level of imports after the other, and then imports the chunk.
 *
 * Vite's helper adds all the links in one go. Each costs Chromium a millisecond or more to start, and
 * /home's page needs some 45 of them: one task of 200–360 ms at 4× CPU, right after the first paint,
 * that a slow phone can't answer input during (Lighthouse's total blocking time). This adds them a
 * few per task instead; they start downloading within a few milliseconds of each other.
 */

/**
 * Links added per task. Each took 3–10 ms at 4× CPU while the page loads (eight in a task: 65–100 ms),
 * so four keep a task under the 50 ms that counts as blocking.
 */
export const LINKS_PER_TASK = 4;

/** Files already asked for by an earlier import: each is linked once. */
const linked = new Set<string>();
/** Scripts this helper has imported (and so evaluated): each is imported once. */
const evaluated = new Set<string>();

/** A file of the build (relative to the app's base), as the address the browser knows it by. */
const hrefOf = (dep: string) => new URL(import.meta.env.BASE_URL + dep, document.baseURI).href;
const isStylesheet = (href: string) => new URL(href).pathname.endsWith(".css");

/** Reports a failed import as Vite's helper does (a listener may call preventDefault to keep it quiet). */
function preloadError(err: unknown): never | undefined {
  const event = Object.assign(new Event("vite:preloadError", { cancelable: true }), { payload: err });
  window.dispatchEvent(event);
  if (!event.defaultPrevented) throw err;
  return undefined;
}

/** A stylesheet a chunk needs: the chunk waits for it, as with Vite's helper. */
function stylesheet(link: HTMLLinkElement): Promise<void> {
  return new Promise((resolve, reject) => {
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => reject(new Error(`Unable to preload CSS for ${link.href}`)), { once: true });
  });
}

/**
 * Vite's `__vitePreload(load, deps)`: `deps` are the files (relative to the app's base) that the chunk
 * `load` imports needs, that chunk's own file included; the import starts once every link is in.
 */
export async function __vitePreload<T>(load: () => Promise<T>, deps?: readonly string[]): Promise<T> {
  if (deps?.length) {
    // Links the page already has (index.html preloads the first load's files where the browser draws the page).
    for (const link of document.getElementsByTagName("link")) if (link.rel === "modulepreload" || link.rel === "stylesheet") linked.add(link.href);
    const hrefs = deps.map(hrefOf).filter((href) => !linked.has(href));
    const styles: Array<Promise<void>> = [];
    for (let i = 0; i < hrefs.length; i++) {
      if (i > 0 && i % LINKS_PER_TASK === 0) await nextTask();
      const href = hrefs[i]!;
      if (linked.has(href)) continue;
      linked.add(href);
      const link = document.createElement("link");
      const isCss = isStylesheet(href);
      link.rel = isCss ? "stylesheet" : "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
      if (isCss) styles.push(stylesheet(link));
    }
    for (const result of await Promise.allSettled(styles)) if (result.status === "rejected") preloadError(result.reason);
    await evaluateInTurn(deps);
  }
  return load().catch(preloadError) as Promise<T>;
}

/**
 * Evaluates the chunk's files one task each, those it imports before it, rather than the whole graph
 * in the one task a plain import evaluates it in: /discover's page came to 40–60 ms of script in one
 * task (unthrottled), four times that on a slow phone. `deps` lists the chunk, then what it imports,
 * depth first; read backwards, most files come after those they import, and a file that does not
 * takes those it needs into its own task. Evaluating a file early changes nothing it can see: what it
 * imports is evaluated before it all the same. A file that fails to load is left to the import itself,
 * which reports it.
 */
export async function evaluateInTurn(
  deps: readonly string[],
  importFile: (href: string) => Promise<unknown> = (href) => import(/* @vite-ignore */ href),
): Promise<void> {
  const scripts = deps
    .map(hrefOf)
    .filter((href) => !isStylesheet(href) && !evaluated.has(href))
    .reverse();
  for (const href of scripts) {
    evaluated.add(href);
    try {
      await importFile(href);
    } catch {
      return;
    }
    await nextTask();
  }
}
