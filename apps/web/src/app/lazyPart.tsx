import { createContext, createElement, lazy, useContext, type ComponentType } from "react";

/**
 * The names of the parts the server rendered, collected while it renders (entry-server.tsx): the
 * browser loads their code before it hydrates the page (main.tsx).
 */
export const RenderedParts = createContext<Set<string> | null>(null);

const parts = new Map<string, () => Promise<unknown>>();

/**
 * A lazily loaded part of a page (a tab's panel, a chart) that the server may render. Hydration of
 * a part whose code is not in yet waits for it, and meanwhile its server-drawn buttons do nothing:
 * the browser loads the code of every part the server rendered before it hydrates, so the page
 * answers as soon as it is marked ready. `name` is the same on the server and in the browser.
 */
export function lazyPart<P extends object>(name: string, load: () => Promise<{ default: ComponentType<P> }>) {
  let code: Promise<{ default: ComponentType<P> }> | undefined;
  const loadCode = () => (code ??= load());
  parts.set(name, () => loadCode().catch(() => undefined));
  return lazy(async () => {
    const { default: Part } = await loadCode();
    function Rendered(props: P) {
      useContext(RenderedParts)?.add(name);
      return createElement(Part, props);
    }
    return { default: Rendered };
  });
}

/** Settles once the code of the named parts has loaded (or failed to: the part then reports it). */
export function loadParts(names: readonly string[]): Promise<void> {
  return Promise.all(names.map((name) => parts.get(name)?.())).then(() => undefined);
}
