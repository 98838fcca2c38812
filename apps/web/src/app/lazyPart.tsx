import { createContext, createElement, lazy, useContext, type ComponentType } from "react";

/**
 * The names of the parts the server rendered, collected while it renders (entry-server.tsx): the
 * browser loads their code before it hydrates the page (main.tsx).
 */
export const RenderedParts = createContext<Set<string> | null>(null);

const parts = new Map<string, () => Promise<unknown>>();

type Module<P> = { default: ComponentType<P> };

/**
 * React.lazy that renders at once when `ready` has its module. React suspends a lazy component on
 * its first render even when the promise it is handed has settled, and during hydration a boundary
 * whose content suspends stays dehydrated; an update reaching it meanwhile (a translation arriving,
 * a query settling) makes React throw the server's page away and render it again from its fallback:
 * a spinner flash and the longest task of the first load. React reads a thenable that calls back at
 * once as already resolved, so code loaded before hydration (main.tsx) hydrates in the first pass.
 */
export function lazyWhenReady<P>(load: () => Promise<Module<P>>, ready: () => Module<P> | undefined) {
  return lazy(() => {
    const module = ready();
    return module ? ({ then: (resolve: (m: Module<P>) => void) => resolve(module) } as Promise<Module<P>>) : load();
  });
}

/**
 * A lazily loaded part of a page (a tab's panel, a chart) that the server may render. Hydration of
 * a part whose code is not in yet waits for it, and meanwhile its server-drawn buttons do nothing:
 * the browser loads the code of every part the server rendered before it hydrates, so the page
 * answers as soon as it is marked ready. `name` is the same on the server and in the browser.
 */
export function lazyPart<P extends object>(name: string, load: () => Promise<Module<P>>) {
  let code: Promise<Module<P>> | undefined;
  let rendered: Module<P> | undefined;
  const loadCode = () =>
    (code ??= load().then(({ default: Part }) => {
      function Rendered(props: P) {
        useContext(RenderedParts)?.add(name);
        return createElement(Part, props);
      }
      return (rendered = { default: Rendered });
    }));
  parts.set(name, () => loadCode().catch(() => undefined));
  return lazyWhenReady(loadCode, () => rendered);
}

/** Settles once the code of the named parts has loaded (or failed to: the part then reports it). */
export function loadParts(names: readonly string[]): Promise<void> {
  return Promise.all(names.map((name) => parts.get(name)?.())).then(() => undefined);
}
