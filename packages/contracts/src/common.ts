import { z } from "zod";

/** DRF-style page parameters. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe("1-based page number"),
  page_size: z.coerce.number().int().min(1).max(100).optional().describe("Items per page (max 100)"),
});
export type PageQuery = z.infer<typeof PageQuery>;

/**
 * page_size as Django REST framework's PageNumberPagination reads it, for the spec's paged calls
 * (spec §7, written against that server): above `max` is `max`; 0, a negative or anything but a
 * whole number is the default page size. Never refused.
 */
export const DrfPageSize = (byDefault: number, max: number) =>
  z
    .preprocess((v) => {
      const n = typeof v === "number" ? v : typeof v === "string" && /^\s*[+-]?\d+\s*$/.test(v) ? Number(v) : Number.NaN;
      return Number.isInteger(n) && n > 0 ? Math.min(n, max) : byDefault;
    }, z.number().int().min(1).max(max))
    .default(byDefault)
    .describe(`Items per page: ${byDefault} unless given; above ${max} is ${max}; 0 or not a whole number is ${byDefault}`);

/**
 * A boolean query parameter as clients write it: true/false, True/False or 1/0. `null` (a client's
 * unset value written out) is no filter, as an empty or absent parameter is (the server drops those).
 */
export const QueryBool = z
  .preprocess((v) => (v === "null" || v === "undefined" ? undefined : v), z.stringbool({ truthy: ["true", "1"], falsy: ["false", "0"] }).optional())
  .meta({ type: "string", enum: ["true", "false", "True", "False", "1", "0"] });

/** DRF-style page of results with absolute next/previous links. */
export function Paginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().describe("Total number of matching items"),
    next: z.string().nullable().describe("Absolute URL of the next page"),
    previous: z.string().nullable().describe("Absolute URL of the previous page"),
    results: z.array(item),
  });
}
export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/**
 * Ids are PostgreSQL `integer` columns: one past 2,147,483,647 names no row, and is refused as invalid
 * (400) here, for every route, rather than reaching a query, which PostgreSQL refuses (22003, a 500).
 */
export const MAX_ID = 2_147_483_647;
/** An id in a JSON body. */
export const Id = z.number().int().positive().max(MAX_ID);
/** An id written as text: in a path or a query string. */
export const IdText = z.coerce.number().int().positive().max(MAX_ID);
export const IdParam = z.object({ id: IdText });

/**
 * A calendar day as YYYY-MM-DD that exists: zod's ISO date knows month lengths and leap years, so
 * 2026-13-01 and 2026-02-30 are refused here instead of by PostgreSQL (a 500). From 1900 on: no plan,
 * budget or payment is older, and years below 100 would meet Date.UTC's two-digit-year rule.
 */
export const IsoDate = z.iso.date("Use an ISO date (YYYY-MM-DD) that exists").refine((d) => d >= "1900-01-01", "Use a date from 1900 on");

/**
 * An object keyed by user text (spec §3: plan skills keyed by lowercase skill name). z.record drops
 * a "__proto__" key to protect the object it builds, so a skill of that name would vanish; this one
 * checks every own key and value, and answers them all in an object without a prototype, where no
 * name can reach an inherited property ("constructor", "toString"…). Documented as the record.
 */
export function userKeyed<V extends z.ZodType>(key: z.ZodType<string, string>, value: V, description?: string) {
  const documented = z.record(key, value);
  let schema = z
    .custom<Record<string, z.output<V>>>((v) => typeof v === "object" && v !== null && !Array.isArray(v), { message: "Expected an object" })
    .check((ctx) => {
      const out: Record<string, z.output<V>> = Object.create(null);
      for (const [k, v] of Object.entries(ctx.value)) {
        const name = key.safeParse(k);
        const parsed = value.safeParse(v);
        for (const issue of [...(name.error?.issues ?? []), ...(parsed.error?.issues ?? [])]) {
          ctx.issues.push({ ...issue, path: [k, ...issue.path], input: v } as (typeof ctx.issues)[number]);
        }
        if (name.success && parsed.success) out[name.data] = parsed.data;
      }
      ctx.value = out;
    });
  if (description) schema = schema.describe(description);
  // The OpenAPI document shows the record it stands for (a custom schema has no JSON Schema of its own).
  schema._zod.processJSONSchema = (ctx, json, params) => documented._zod.processJSONSchema!(ctx, json, params);
  return schema;
}

/**
 * Whether a name is a key every object answers to (`__proto__`, `constructor`, `toString`…), or one
 * that leads to a prototype in any casing (`Constructor.Prototype`). Such a name, chosen by a client,
 * must never become a key a library reads or writes: it would reach what all objects share.
 */
export const isPrototypeKey = (name: string): boolean => {
  const n = name.trim();
  return n in Object.prototype || /^(__proto__|constructor|prototype)$/i.test(n);
};

/** A web link people give (content, covers, purchases): http or https only, at most 2,048 characters. */
export const HttpUrl = z
  .string()
  .trim()
  .max(2048)
  .url()
  .refine((u) => /^https?:\/\//i.test(u), "Only http and https links");
