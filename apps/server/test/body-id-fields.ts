// The fields of the app's request bodies that name an id, found in its OpenAPI document rather than
// in a list (so that a new one cannot go unnoticed), and a body with one of them set: body-ids.test.ts
// tries each.
import type { Doc, Schema } from "./openapi-doc.ts";

/** A body field naming an id: its path in the body ("*" is every key of a keyed object) and whether it is a list. */
export type IdField = { route: string; path: string[]; name: string; list: boolean };

/** Integers in bodies that are amounts, places or levels of a scale, not ids. Anything else integer is taken for an id. */
const QUANTITIES = new Set(["priority", "position", "duration_s", "amount_minor", "price_minor", "level", "target_level", "due_days", "every_months"]);
const ID_NAME = /^id_|_ids?$|^ids?$|Ids?$/;
/** Id-named strings that name something of another system, not ours: an identity provider's client id. */
const FOREIGN_IDS = new Set(["client_id"]);

/** Every body field of the document that names an id, nested ones included. */
export function idFields(doc: Doc): IdField[] {
  const resolve = (s: Schema | undefined): Schema | undefined => (s?.$ref ? resolve(doc.components?.schemas?.[s.$ref.split("/").pop()!]) : s);
  const isInteger = (s: Schema | undefined): boolean => {
    const r = resolve(s);
    return Boolean(r && ([r.type].flat().includes("integer") || [...(r.anyOf ?? []), ...(r.oneOf ?? [])].some(isInteger)));
  };
  const out: IdField[] = [];
  const walk = (route: string, raw: Schema | undefined, path: string[]) => {
    const s = resolve(raw);
    if (!s) return;
    for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(route, alt, path);
    for (const [name, prop] of Object.entries(s.properties ?? {})) {
      const p = resolve(prop);
      // A field may take a list among other shapes (plan skills' collections: a list of ids, or keyed by id).
      const array = [p, ...(p?.anyOf ?? []), ...(p?.oneOf ?? [])].map(resolve).find((a) => a && [a.type].flat().includes("array"));
      const list = Boolean(array);
      const integer = list ? isInteger(array!.items) : isInteger(p);
      if (FOREIGN_IDS.has(name)) continue;
      if (ID_NAME.test(name) || (integer && !QUANTITIES.has(name))) out.push({ route, path: [...path, name], name, list });
      walk(route, list ? array!.items : p, [...path, name]);
    }
    if (typeof s.additionalProperties === "object") walk(route, s.additionalProperties, [...path, "*"]);
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) walk(`${method.toUpperCase()} ${path}`, op.requestBody?.content?.["application/json"]?.schema, []);
  }
  return out;
}

/** The body with the field at `path` set to `value` (added to what a list holds). */
export function withValue(body: Record<string, unknown>, path: string[], list: boolean, value: number): Record<string, unknown> {
  const copy = structuredClone(body);
  const set = (node: Record<string, unknown>, rest: string[]) => {
    // A field of a list's items (a rule's team_id): set in every item.
    if (Array.isArray(node)) return node.forEach((item: Record<string, unknown>) => set(item, rest));
    const [key, ...tail] = rest as [string, ...string[]];
    const keys = key === "*" ? Object.keys(node) : [key];
    for (const k of keys) {
      if (tail.length) set(node[k] as Record<string, unknown>, tail);
      else node[k] = list ? [...((node[k] as number[] | undefined) ?? []), value] : value;
    }
  };
  set(copy, path);
  return copy;
}
