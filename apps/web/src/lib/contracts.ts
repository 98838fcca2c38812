/**
 * Checking API answers against the contracts without putting zod and the contracts' schemas in a
 * page's first load (about 30 KB gzip, and their start-up work, on every signed-in page).
 * They load once, the first time an answer is checked; a server-rendered page needs none to show.
 */
import { ApiError } from "./api";

export type Schemas = typeof import("./schemas");

let loading: Promise<Schemas> | undefined;

/**
 * The schemas, loading them on the first call (and again after a failed load). Their code not
 * fetched is, to the person, the same as a call that did not get through: a network_error.
 */
export function loadSchemas(): Promise<Schemas> {
  loading ??= import("./schemas").catch(() => {
    loading = undefined;
    throw new ApiError(0, "network_error", "The server could not be reached");
  });
  return loading;
}

/** Starts loading the schemas, for a check soon to come; a failure shows in that check. */
export function preloadSchemas(): void {
  loadSchemas().catch(() => undefined);
}

/** A `parse` for lib/api's request(); `prepare` lets the request start loading the schemas at once. */
export interface LazyParse<T> {
  (json: unknown): Promise<T>;
  prepare: () => void;
}

/**
 * Checks an answer against the schema `pick` chooses from the contracts (`(s) => s.Company`, or one
 * built from them: `(s) => s.Folder.array()`), built once, when the schemas are in.
 */
export function checkedBy<T>(pick: (schemas: Schemas) => { parse: (json: unknown) => T }): LazyParse<T> {
  let schema: { parse: (json: unknown) => T } | undefined;
  const parse = async (json: unknown) => (schema ??= pick(await loadSchemas())).parse(json);
  return Object.assign(parse, { prepare: preloadSchemas });
}
