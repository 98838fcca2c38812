// Property-based fuzzing of every documented route. Requests are built from each
// route's own schema with wrong types, missing and extra fields, huge strings, unicode, NUL
// characters, impossible dates, badly percent-encoded query strings,
// negative and huge numbers, bad ids and bad pagination. No answer may be a 5xx, every 4xx
// must have the error shape, and a refused write must leave the database exactly as it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { createTestContext, DEMO, type Client, type TestContext } from "./helpers.ts";
import { fingerprinter } from "./factories.ts";
import { refusalShaped } from "./error-shape.ts";
import { SafeFetchError } from "../src/lib/safe-fetch.ts";
import { addressFields, operations, sample, withValue, type Doc, type Operation, type Schema } from "./openapi-doc.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
let t: TestContext;
let callers: Client[];
let fingerprint: () => Promise<string>;

let ops: Operation[];
/** Every caller by name: anonymous, each role of a company, and a platform operator. */
let named: Record<string, Client>;

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
  // What PostgreSQL refuses: NUL in text, dates that match YYYY-MM-DD but do not exist.
  fc.constantFrom("a\u0000b", "\u0000", "2026-13-01", "2026-02-30"),
  // Names every object answers to, as keys and values (user text is data, never a key into an object).
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

/** Addresses a person or a page can write that are no address, or a hostile one. */
const HOSTILE_URLS = [
  "https://example.com/%E0%A4%A",
  "https://example.com/a/%ZZ%E0-x",
  "https://example.com/%00/x%",
  "https://example.com/%C0%AF..%C0%AF",
  "https://exa%mple.com/",
  "https://ex%41mple.com/a",
  "http://%zz/",
  "https://[::1/",
  "https://example.com:99999/",
  "https://user:pass@example.com/",
  "http://127.0.0.1:22/",
  "https://xn--/",
  "https://例え.テスト/パス%E0",
  "//example.com/x",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "https://example.com/ with space",
  `https://example.com/${"%E0".repeat(600)}`,
  "https://example.com/\u202eevil",
];

/**
 * What an outbound read finds: a page that names itself and its image with hostile addresses, or
 * nothing (then a saved link is named after its own address).
 */
let reachable = true;
async function hostilePage(url: string) {
  if (!reachable) throw new SafeFetchError("network_error", "unreachable");
  const links = HOSTILE_URLS.map((u) => `<link rel="alternate" href="${u}">`).join("");
  const html = `<html><head><title>Fuzz %E0%A4%A</title><meta property="og:image" content="/%E0%A4%A"><meta property="og:url" content="%ZZ">${links}</head></html>`;
  return { finalUrl: url, status: 200, headers: { "content-type": "text/html" }, body: Buffer.from(html), contentType: "text/html" };
}

/** Sends a request as `c`; `problem` names what about the answer is a bug: a 5xx, or a refusal without the error shape. */
async function call(c: Client, method: string, route: string, url: string, body?: unknown): Promise<{ status: number; where: string; problem: string | null }> {
  const res = await t.app.inject({
    method: method as "GET",
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
  const where = `${method} ${url.slice(0, 120)} body=${JSON.stringify(body)?.slice(0, 120)}`;
  const status = res.statusCode;
  if (status >= 500) return { status, where, problem: `${where} → ${status} ${res.body.slice(0, 120)}` };
  if (status >= 400 && !refusalShaped(route, parsed, status)) return { status, where, problem: `${where} → ${status} without the error shape` };
  return { status, where, problem: null };
}

/** Answers to a request that are a bug (see call). */
const send = async (c: Client, method: string, route: string, url: string, body?: unknown) => (await call(c, method, route, url, body)).problem;

/**
 * Whether the route lets this caller past its gate (who may call it, checked before any input is
 * read): a request its schema must refuse is answered 401 or 403 only by the gate. Callers it
 * refuses there are not sent each hostile input, to keep the sweeps short.
 */
async function admitted(c: Client, op: Operation, url: string): Promise<boolean> {
  const integers = op.pathParams.length > 0 && op.pathParams.every((p) => [p.schema?.type].flat().includes("integer"));
  if (!op.body && !integers) return true;
  const res = await t.app.inject({
    method: op.method as "GET",
    url: integers ? op.path.replace(/\{[^}]+\}/g, "abc") : url,
    headers: { ...(c.token ? { authorization: `Bearer ${c.token}` } : {}), ...(op.body ? { "content-type": "application/json" } : {}) },
    ...(op.body ? { payload: "[]" } : {}),
  });
  return res.statusCode !== 401 && res.statusCode !== 403;
}

beforeAll(async () => {
  // Outbound reads (a link's page, an identity provider's metadata) answer a page of hostile
  // addresses, without the network.
  t = await createTestContext({ fetch: async (url) => hostilePage(url) });
  const roles = { member: DEMO.member, teamleader: DEMO.teamleader, ldleader: DEMO.ldleader, hr: DEMO.hr, admin: DEMO.admin };
  named = { anonymous: t.anonymous };
  for (const [role, email] of Object.entries(roles)) named[role] = await t.as(email);
  callers = Object.values(named);
  ops = operations((await t.anonymous.get("/api/openapi.json")).body as Doc);
  fingerprint = await fingerprinter(t);
});
afterAll(() => t.close());

describe("fuzzing every documented route", () => {
  it(`answers malformed requests with 4xx in the error shape and writes nothing (${RUNS} runs per operation)`, async () => {
    const problems: string[] = [];
    for (const op of ops) {
      const params = op.pathParams.length;
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: callers.length - 1 }),
          fc.array(weirdString, { minLength: params, maxLength: params }),
          fc.record(Object.fromEntries([...op.query, "page", "page_size"].map((q) => [q, weirdString])), { requiredKeys: [] }),
          op.body ? bodyFor(op.body) : fc.constant(undefined),
          // Raw, badly percent-encoded query parts, which URLSearchParams never writes.
          fc.constantFrom("", "", "", "&q=%E0%A4%A", "&search=%ZZ", "&%"),
          async (who, pathValues, query, body, rawTail) => {
            let i = 0;
            const path = op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(pathValues[i++] ?? "x") || "x");
            const qs = new URLSearchParams(query as Record<string, string>).toString() + rawTail;
            const url = `${path}${qs ? `?${qs}` : ""}`;
            const c = callers[who]!;
            const write = op.method !== "GET";
            const before = write ? await fingerprint() : "";
            const { status, where, problem } = await call(c, op.method, op.path, url, body);
            if (problem) problems.push(problem);
            if (write && status >= 400 && (await fingerprint()) !== before) problems.push(`${where} → ${status} but the database changed`);
            // JSON writes NUL as \u0000: any NUL sent, or a query that does not decode, is refused.
            if (status < 400 && (rawTail !== "" || JSON.stringify([pathValues, query, body]).includes("\\u0000"))) {
              problems.push(`${where}${rawTail} → ${status} though it carries NUL or bad percent-encoding`);
            }
          },
        ),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
      );
    }
    expect(problems.slice(0, 20)).toEqual([]);
  }, 600_000);
});

/**
 * Ids no row has: past PostgreSQL's integer and bigint, not positive, a number written otherwise,
 * not a number, and longer than any id. Every route of the document with a path parameter gets
 * each of them from every kind of caller, with a body its schema accepts, so that a parameter its
 * schema lets through reaches the code (and the database) behind it.
 */
const HOSTILE_IDS = ["2147483648", "9223372036854775808", "-1", "0", "1e3", "0x10", "abc", "9".repeat(400), "x".repeat(600)];

describe("hostile ids in the path of every documented route", () => {
  it("documents each integer path parameter within PostgreSQL's integer, so a larger one is refused before any query", () => {
    const unbounded = ops.flatMap((op) =>
      op.pathParams
        .filter((p) => [p.schema?.type].flat().includes("integer") && !((p.schema?.maximum ?? Infinity) <= 2_147_483_647))
        .map((p) => `${op.method} ${op.path} {${p.name}}`),
    );
    expect(unbounded).toEqual([]);
  });

  it("answers every caller 4xx in the error shape, or success, never 5xx", async () => {
    const withParams = ops.filter((op) => op.pathParams.length > 0);
    expect(withParams.length).toBeGreaterThan(80);
    const problems: string[] = [];
    for (const op of withParams) {
      const body = op.body ? sample(op.body) : undefined;
      const gated: Client[] = [];
      for (const c of callers) if (await admitted(c, op, op.path.replace(/\{[^}]+\}/g, "1"))) gated.push(c);
      for (const param of op.pathParams) {
        for (const id of HOSTILE_IDS) {
          const url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === param.name ? encodeURIComponent(id) : "1"));
          for (const c of gated) {
            const problem = await send(c, op.method, op.path, url, body);
            if (problem) problems.push(problem);
          }
        }
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
  }, 600_000);
});

describe("hostile addresses in every address field of a body", () => {
  /** A path's ids as this caller finds them in the list above them, else 1. */
  async function pathFor(c: Client, path: string): Promise<string> {
    const parent = path.match(/^(.*?)\/\{[^}]+\}/)?.[1];
    const first = parent ? (await c.get(`${parent}/?page_size=1`)).body?.results?.[0]?.id : undefined;
    return path.replace(/\{[^}]+\}/, String(first ?? 1)).replace(/\{[^}]+\}/g, "1");
  }

  it("answers each caller 4xx in the error shape, or success, never 5xx", async () => {
    const targets = ops.flatMap((op) => addressFields(op.body).map((field) => ({ op, field })));
    expect(targets.map(({ op, field }) => `${op.method} ${op.path} ${field.join(".")}`)).toEqual(
      expect.arrayContaining([
        "POST /api/contentuser/save url",
        "PATCH /api/user/profile photoURL",
        "PATCH /api/b2b/v1/company/chat-hooks slack_webhook_url",
        "PUT /api/b2b/v1/company/sso/oidc issuer",
        "PUT /api/b2b/v1/company/sso/saml metadata_url",
      ]),
    );
    const problems: string[] = [];
    for (const { op, field } of targets) {
      for (const c of callers) {
        const url = await pathFor(c, op.path);
        if (!(await admitted(c, op, url))) continue;
        for (const address of HOSTILE_URLS) {
          for (reachable of [true, false]) {
            const problem = await send(c, op.method, op.path, url, withValue(sample(op.body), field, address));
            if (problem) problems.push(`${problem}${reachable ? "" : " (page unreachable)"}`);
          }
        }
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
  }, 600_000);
});
