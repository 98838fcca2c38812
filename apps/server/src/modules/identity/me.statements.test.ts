import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { createCompanyWithRoles } from "../../../test/factories.ts";
import { authUsers, companies } from "../../db/schema/index.ts";

// /api/me answers from the row its session was checked with (read in the same request),
// instead of reading the account and the company a second time.
const statements: string[] = [];
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ seed: false, env: { SESSION_CACHE_SECONDS: "60" }, logger: { logQuery: (query) => statements.push(query) } });
});
afterAll(() => t.close());

async function me(client: { get(url: string): Promise<{ status: number; body: unknown; text: string }> }) {
  const from = statements.length;
  const res = await client.get("/api/me");
  return { res, statements: statements.length - from };
}

describe("/api/me", () => {
  it("answers with one statement once the session is known, the same answer as when it was not", async () => {
    const w = await createCompanyWithRoles(t, { name: "Hooli", teamName: "Platform" });
    const first = await me(w.member.client);
    expect(first.res.status, first.res.text).toBe(200);
    const again = await me(w.member.client);
    expect(again.res.status).toBe(200);
    expect(again.res.body).toEqual(first.res.body);
    expect(again.statements).toBe(1);
  });

  it("shows a change of name and of company made since the last request, at once", async () => {
    const w = await createCompanyWithRoles(t, { name: "Pied Piper", teamName: "Compression" });
    expect((await me(w.hr.client)).res.status).toBe(200);
    const account = (await me(w.hr.client)).res.body as { user: { name: string }; company: { name: string } | null };
    await t.database.db.update(authUsers).set({ name: "Renamed Person" }).where(eq(authUsers.email, w.hr.email));
    await t.database.db.update(companies).set({ name: "Renamed Co" }).where(eq(companies.id, w.company.id));
    const after = await me(w.hr.client);
    expect(after.res.status).toBe(200);
    expect(JSON.stringify(after.res.body)).toContain("Renamed Person");
    expect(JSON.stringify(after.res.body)).toContain("Renamed Co");
    expect(JSON.stringify(account)).not.toContain("Renamed");
  });

  it("refuses a suspended company's person on the next request", async () => {
    const w = await createCompanyWithRoles(t, { name: "Raviga", teamName: "Funds" });
    expect((await me(w.member.client)).res.status).toBe(200);
    expect((await me(w.member.client)).res.status).toBe(200);
    await t.database.db.update(companies).set({ status: "suspended" }).where(eq(companies.id, w.company.id));
    const refused = await me(w.member.client);
    expect(refused.res.status).toBe(401);
    expect(refused.res.body).toMatchObject({ error: { code: "company_suspended" } });
  });
});
