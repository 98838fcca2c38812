// The app's own OpenAPI document, read as the sweeps over every route need it: its operations,
// their path parameters and bodies, a plausible body for each, and the fields of a body that
// carry an address.

export type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  enum?: unknown[];
  required?: string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  minItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { in: string; name: string; required?: boolean; schema?: Schema };
export type Doc = {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
};
export type Operation = { method: string; path: string; pathParams: Parameter[]; query: string[]; body?: Schema };

export function operations(doc: Doc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === "path"),
      query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
      body: op.requestBody?.content?.["application/json"]?.schema,
    })),
  );
}

const typesOf = (s: Schema) => [s.type].flat().filter((t): t is string => typeof t === "string");
/** The first alternative of a union that is not null. */
const firstAlternative = (s: Schema) => (s.anyOf ?? s.oneOf)?.find((a) => !typesOf(a).includes("null")) ?? s.allOf?.[0];

/**
 * A value the schema accepts, as far as its shape tells (its refinements may still refuse it): the
 * required fields of objects, the first of an enum, the smallest number. Enough for a request to get
 * past validation to the code behind it.
 */
export function sample(s: Schema | undefined): unknown {
  if (!s) return undefined;
  const alternative = firstAlternative(s);
  if (alternative) return sample(alternative);
  if (s.enum?.length) return s.enum[0];
  const types = typesOf(s);
  if (types.includes("object")) {
    return Object.fromEntries((s.required ?? []).map((k) => [k, sample(s.properties?.[k])]));
  }
  if (types.includes("array")) return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items));
  if (types.includes("integer") || types.includes("number")) {
    const min = s.minimum ?? 1;
    return s.exclusiveMinimum === true ? min + 1 : Math.max(min, typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum + 1 : min);
  }
  if (types.includes("boolean")) return false;
  if (types.includes("string")) {
    if (s.format === "uri") return "https://example.com/fuzz";
    if (s.format === "email") return "fuzz@example.com";
    if (s.format === "date") return "2099-01-31";
    if (s.format === "date-time") return "2099-01-31T00:00:00.000Z";
    return "x".repeat(Math.max(1, s.minLength ?? 1));
  }
  return undefined;
}

/** Names of fields that hold an address, when the schema does not say `format: uri`. */
const ADDRESS_NAME = /url|uri|link|image|photo|website|issuer|webhook|callback|redirect|endpoint|entry_point|href/i;

/** The fields of a body (top level and nested objects) that carry an address: their paths. */
export function addressFields(s: Schema | undefined, at: string[] = []): string[][] {
  if (!s) return [];
  const alternative = firstAlternative(s);
  if (alternative) return addressFields(alternative, at);
  return Object.entries(s.properties ?? {}).flatMap(([name, field]) => {
    const flat = firstAlternative(field) ?? field;
    if (typesOf(flat).includes("string") && (flat.format === "uri" || ADDRESS_NAME.test(name))) return [[...at, name]];
    return typesOf(flat).includes("object") ? addressFields(flat, [...at, name]) : [];
  });
}

/** `body` with the value at `path` replaced (objects on the way created as needed). */
export function withValue(body: unknown, path: string[], value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = structuredClone(typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {});
  let node = out;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    node = node[key] = typeof next === "object" && next !== null ? (next as Record<string, unknown>) : {};
  }
  node[path[path.length - 1]!] = value;
  return out;
}
