// A value PostgreSQL cannot store (a NUL character, an impossible date) is the caller's
// mistake, answered 400, even when a route's own validation missed it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import { sql } from "drizzle-orm";
import { createTestContext, type TestContext } from "../../test/helpers.ts";
import errorsPlugin from "./errors.ts";

let t: TestContext;
const app = Fastify({ logger: false });
beforeAll(async () => {
  // A fresh database (PGlite, or PostgreSQL under DATABASE_URL) for this file alone.
  t = await createTestContext({ seed: false });
  const { database } = t;
  await app.register(errorsPlugin);
  // Straight to the database, as a route whose schema forgot a rule would.
  app.get<{ Querystring: { text?: string; day?: string } }>("/store", async (req) => {
    if (req.query.text !== undefined) await database.db.execute(sql`select ${req.query.text}::text`);
    if (req.query.day !== undefined) await database.db.execute(sql`select ${req.query.day}::date`);
    return { ok: true };
  });
  app.get("/divide", async () => database.db.execute(sql`select 1 / 0`));
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe("values the database refuses", () => {
  it("answers text with a NUL character and impossible dates 400 bad_request", async () => {
    for (const url of ["/store?text=a%00b", "/store?day=2026-13-01", "/store?day=2026-02-30"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe("bad_request");
      expect(res.body, url).not.toMatch(/select|0x00/i);
    }
    expect((await app.inject({ method: "GET", url: "/store?text=ok&day=2028-02-29" })).statusCode).toBe(200);
  });

  it("keeps the server's own mistakes 500, without internals", async () => {
    const res = await app.inject({ method: "GET", url: "/divide" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: "internal_error", message: "Something went wrong on our side" } });
  });
});
