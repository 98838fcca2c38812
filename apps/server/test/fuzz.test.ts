// Issue 12: property-based fuzzing of every documented route. Requests are built from each
// route's own schema with wrong types, missing and extra fields, huge strings, unicode, NUL
// characters, impossible dates, badly percent-encoded query strings,
// negative and huge numbers, bad ids and bad pagination. No answer may be a 5xx, every 4xx
// must have the error shape, and a refused write must leave the database exactly as it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { createTestContext, DEMO, type Client, type TestContext } from "./helpers.ts";
import { fingerprinter } from "./factories.ts";
import { refusalShaped } from "./error-shape.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
let t: TestContext;
let callers: Client[];
let fingerprint: () => Promise<string>;

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  enum?: unknown[];
  required?: string[];
};
type Op = { method: string; path: string; query: string[]; body?: Schema };
let ops: Op[];

const weirdString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e309",
    "NaN",
    "null",
    "%00",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "' or 1=1 --",
    "ñ🙂\u202e",
    "9".repeat(30),
  ),
  // What PostgreSQL refuses (issue 22): NUL in text, dates that match YYYY-MM-DD but do not exist.
  fc.constantFrom("a\u0000b", "\u0000", "2026-13-01", "2026-02-30"),
  // Issue 22: names every object answers to, as keys and values (user text is data, never a key into an object).
  fc.constantFrom("constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "prototype", "__defineGetter__", "isPrototypeOf"),
  fc.nat({ max: 5 }).map((n) => "x".repeat(10 ** n)),
);
const weirdNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, -(2 ** 31), 2 ** 31, 2 ** 53, Number.MAX_VALUE, -0));
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  weirdString,
  weirdNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(weirdString, weirdNumber), { maxLength: 5 }),
  fc.dictionary(weirdString, weirdString, { maxKeys: 3 }),
);

/** A value of the wrong kind for this schema, sometimes a right-looking one at an extreme. */
function wrongFor(s: Schema | undefined): fc.Arbitrary<unknown> {
  const types = [s?.type].flat();
  if (types.includes("integer") || types.includes("number")) return fc.oneof(weirdNumber, weirdString, anyValue);
  if (types.includes("boolean")) return fc.oneof(weirdString, weirdNumber, anyValue);
  if (types.includes("array")) return fc.oneof(fc.array(wrongFor(s?.items), { maxLength: 60 }), anyValue);
  if (types.includes("object") && s?.properties) return bodyFor(s);
  if (types.includes("object") && typeof s?.additionalProperties === "object")
    return fc.oneof(fc.dictionary(weirdString, wrongFor(s.additionalProperties), { maxKeys: 3 }), anyValue);
  return fc.oneof(weirdString, anyValue);
}

/** Bodies from the schema: each field wrong, missing or right-ish, plus unexpected extra fields. */
function bodyFor(s: Schema): fc.Arbitrary<unknown> {
  const fields = Object.entries(s.properties ?? {});
  const record = fc.record(Object.fromEntries(fields.map(([k, v]) => [k, wrongFor(v)])), { requiredKeys: [] });
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(record, fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 2 })).map(([a, b]) => ({ ...b, ...a })) },
    { weight: 1, arbitrary: anyValue },
  );
}

beforeAll(async () => {
  t = await createTestContext();
  callers = [t.anonymous, ...(await Promise.all([DEMO.member, DEMO.hr, DEMO.ldleader, DEMO.teamleader].map((e) => t.as(e))))];
  const doc = (await t.anonymous.get("/api/openapi.json")).body as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  };
  ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
      body: op.requestBody?.content?.["application/json"]?.schema,
    })),
  );
  fingerprint = await fingerprinter(t);
});
afterAll(() => t.close());

describe("fuzzing every documented route", () => {
  it(`answers malformed requests with 4xx in the error shape and writes nothing (${RUNS} runs per operation)`, async () => {
    const problems: string[] = [];
    for (const op of ops) {
      const params = (op.path.match(/\{[^}]+\}/g) ?? []).length;
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: callers.length - 1 }),
          fc.array(weirdString, { minLength: params, maxLength: params }),
          fc.record(Object.fromEntries([...op.query, "page", "page_size"].map((q) => [q, weirdString])), { requiredKeys: [] }),
          op.body ? bodyFor(op.body) : fc.constant(undefined),
          // Raw, badly percent-encoded query parts (issue 22), which URLSearchParams never writes.
          fc.constantFrom("", "", "", "&q=%E0%A4%A", "&search=%ZZ", "&%"),
          async (who, pathValues, query, body, rawTail) => {
            let i = 0;
            const path = op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(pathValues[i++] ?? "x") || "x");
            const qs = new URLSearchParams(query as Record<string, string>).toString() + rawTail;
            const url = `${path}${qs ? `?${qs}` : ""}`;
            const c = callers[who]!;
            const write = op.method !== "GET";
            const before = write ? await fingerprint() : "";
            const res = await t.app.inject({
              method: op.method as "GET",
              url,
              headers: { ...(c.token ? { authorization: `Bearer ${c.token}` } : {}), ...(body !== undefined ? { "content-type": "application/json" } : {}) },
              ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
            });
            let parsed: unknown;
            try {
              parsed = res.json();
            } catch {
              parsed = undefined;
            }
            const where = `${op.method} ${url.slice(0, 100)} body=${JSON.stringify(body)?.slice(0, 100)}`;
            if (res.statusCode >= 500) problems.push(`${where} → ${res.statusCode} ${res.body.slice(0, 120)}`);
            if (res.statusCode >= 400 && !refusalShaped(op.path, parsed, res.statusCode)) problems.push(`${where} → ${res.statusCode} without the error shape`);
            if (write && res.statusCode >= 400 && (await fingerprint()) !== before) problems.push(`${where} → ${res.statusCode} but the database changed`);
            // JSON writes NUL as \u0000: any NUL sent, or a query that does not decode, is refused.
            if (res.statusCode < 400 && (rawTail !== "" || JSON.stringify([pathValues, query, body]).includes("\\u0000"))) {
              problems.push(`${where}${rawTail} → ${res.statusCode} though it carries NUL or bad percent-encoding`);
            }
          },
        ),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
      );
    }
    expect(problems.slice(0, 20)).toEqual([]);
  }, 600_000);
});
