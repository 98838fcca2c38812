import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createTeam, type Person } from "../../../test/factories.ts";
import { certificateWorld } from "../../../test/certificates-world.ts";
import { accounts, certificates, complianceRequirements, pathCompletions } from "../../db/schema/index.ts";

// The per-team counts of the insights page are counted in the database; the person's own standing
// and the auditors' CSV read each person through standing() (compliance.status.ts). Both must say
// the same for people in every standing: completed, expired, revoked, never started, overdue, and
// people whose account was made after the requirement.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterEach(() => t.app.clock.setOffsetDays(0));
afterAll(() => t.close());

const back = (ago: string) => sql.raw(`interval '${ago}'`);

async function world() {
  const w = await certificateWorld(t);
  const db = t.database.db;
  const ops = await createTeam(t, { company: w.company.id, name: "Ops" });
  const person = (teamId: number | null, role: "member" | "hr" = "member") => addPerson(t, { company: w.company.id, role, teamId });
  const [expired, revoked, fresh, noExpiry, hrToo] = await Promise.all([
    person(w.team.id),
    person(ops.id),
    person(ops.id),
    person(w.team.id),
    person(null, "hr"),
    // Someone in Ops who never starts: overdue once the due day is past.
    person(ops.id),
  ]);
  const post = (body: object) => w.ldleader.client.post("/api/b2b/v1/compliance-requirements/", { collection_id: w.pathId, ...body });
  expect((await post({ team_ids: [w.team.id, ops.id], roles: [], due_days: 10, every_months: 12 })).status).toBe(201);
  expect((await post({ team_ids: [], roles: ["hr"], due_days: 40, every_months: null })).status).toBe(201);
  // The requirements were made 20 days ago; most accounts long before, `fresh` and hr's after.
  await db
    .update(complianceRequirements)
    .set({ createdAt: sql`${complianceRequirements.createdAt} - ${back("20 days")}` })
    .where(eq(complianceRequirements.companyId, w.company.id));
  await db
    .update(accounts)
    .set({ createdAt: sql`${accounts.createdAt} - ${back("90 days")}` })
    .where(and(eq(accounts.companyId, w.company.id), sql`${accounts.id} not in (${fresh.id}, ${hrToo.id})`));

  for (const p of [w.member, expired, revoked, noExpiry, hrToo] as Person[]) await w.finish(p.client);
  const pastCompletion = async (p: Person, ago: string) => {
    await db
      .update(pathCompletions)
      .set({ completedAt: sql`${pathCompletions.completedAt} - ${back(ago)}` })
      .where(eq(pathCompletions.accountId, p.id));
    await db
      .update(certificates)
      .set({ completedAt: sql`${certificates.completedAt} - ${back(ago)}`, expiresAt: sql`${certificates.expiresAt} - ${back(ago)}` })
      .where(eq(certificates.accountId, p.id));
  };
  await pastCompletion(expired, "13 months");
  await pastCompletion(w.member, "11 months 25 days");
  // A certificate issued before the path recurred has no expiry of its own: the cycle is counted from the completion.
  await pastCompletion(noExpiry, "6 months");
  await db.update(certificates).set({ expiresAt: null }).where(eq(certificates.accountId, noExpiry.id));
  const [cert] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.accountId, revoked.id), eq(certificates.kind, "path")));
  expect((await w.hr.client.post(`/api/b2b/v1/certificates/${cert!.id}/revoke/`, { reason: "Someone else did it" })).status).toBe(200);
  return { ...w, ops };
}

/** The insights page's counts, and the same counted from the CSV's rows, per team. */
async function bothCounts(w: Awaited<ReturnType<typeof world>>) {
  const insights = await w.hr.client.get("/api/b2b/v1/insights/compliance/");
  expect(insights.status, insights.text).toBe(200);
  const fromSql = new Map<string, Record<string, number>>();
  for (const r of insights.body.results) fromSql.set(r.team_name ?? "", { on_time: r.on_time, due: r.due, overdue: r.overdue, expired: r.expired });
  const csv = await w.hr.client.get("/api/b2b/v1/insights/compliance.csv");
  const fromRule = new Map<string, Record<string, number>>();
  for (const row of Papa.parse<Record<string, string>>(csv.text.trim(), { header: true }).data) {
    const counts = fromRule.get(row.team!) ?? { on_time: 0, due: 0, overdue: 0, expired: 0 };
    counts[row.status!]! += 1;
    fromRule.set(row.team!, counts);
  }
  return { fromSql: Object.fromEntries(fromSql), fromRule: Object.fromEntries(fromRule) };
}

describe("compliance counts per team", () => {
  it("count in the database what standing() reads person by person, on every day of the cycle", async () => {
    const w = await world();
    const today = await bothCounts(w);
    expect(today.fromSql).toEqual(today.fromRule);
    // Every standing is there today: the member on time, one expired, the new and revoked due, one overdue.
    const total = (s: string) => Object.values(today.fromSql).reduce((n, c) => n + c[s]!, 0);
    expect([total("on_time"), total("due"), total("overdue"), total("expired")].every((n) => n > 0)).toBe(true);
    for (const days of [6, 11, 21, 45, 200, 400]) {
      t.app.clock.setOffsetDays(days);
      const later = await bothCounts(w);
      expect(later.fromSql, `${days} days on`).toEqual(later.fromRule);
    }
  });
});
