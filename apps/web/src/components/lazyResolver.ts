import type { FieldValues, Resolver } from "react-hook-form";

export interface LazyResolver<I extends FieldValues, C, O> extends Resolver<I, C, O> {
  /** Starts loading the schema ahead of the first validation. */
  preload: () => void;
}

/**
 * A react-hook-form resolver whose schema module (and zod with it) loads on first use instead of
 * with the page: the sign-in screens render before zod arrives (spec budget: /login < 200 KB gzip).
 */
export function lazyResolver<I extends FieldValues, C, O>(load: () => Promise<Resolver<I, C, O>>): LazyResolver<I, C, O> {
  let loading: Promise<Resolver<I, C, O>> | undefined;
  const get = () => (loading ??= load());
  const resolver: Resolver<I, C, O> = async (values, context, options) => (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get() });
}

/**
 * A form's handlers that start loading its schema at the person's first key or press in it. Not as
 * the page opens: zod and the schema take 30–40 ms to start on this machine, a task that, in a page's
 * load, holds the main thread while the page should answer; typing an address leaves ample time.
 * (Not on focus either: a field with autoFocus takes it as the page hydrates.)
 */
export function preloadOnInput(resolver: { preload: () => void }) {
  const preload = () => resolver.preload();
  return { onKeyDown: preload, onPointerDown: preload };
}
