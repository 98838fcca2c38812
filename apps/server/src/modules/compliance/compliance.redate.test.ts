import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { companyAudit } from "../../../test/factories.ts";
import { certificateWorld } from "../../../test/certificates-world.ts";
import { certificates } from "../../db/schema/index.ts";
import { addMonths } from "./compliance.status.ts";

// An L&D leader changing how often a path is required again changes when the certificates already
// issued for it expire: N months after their completion, or never once it is required only once.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

const BASE = "/api/b2b/v1/compliance-requirements/";
const monthsAfter = (d: Date, months: number) => addMonths(d, months).toISOString();

/** The member completed "SQL basics", required of their team every 12 months; another company's member did too. */
async function world() {
  const w = await certificateWorld(t);
  const requirementId = await w.requireOfTeam({ due_days: 14, every_months: 12 });
  await w.finish();
  const certificate = async () =>
    (await t.database.db.select().from(certificates).where(eq(certificates.accountId, w.member.id))).find((c) => c.kind === "path")!;
  return { ...w, requirementId, certificate };
}

describe("changing a requirement's recurrence", () => {
  it("re-dates the company's current certificates of the path, audited, and leaves other companies' alone", async () => {
    const w = await world();
    const other = await world();
    const otherBefore = (await other.certificate()).expiresAt!.toISOString();
    const issued = await w.certificate();
    expect(issued.expiresAt!.toISOString()).toBe(monthsAfter(issued.completedAt, 12));

    const res = await w.ldleader.client.patch(`${BASE}${w.requirementId}/`, { every_months: 6 });
    expect(res.status, res.text).toBe(200);
    expect((await w.certificate()).expiresAt!.toISOString()).toBe(monthsAfter(issued.completedAt, 6));
    const [standing] = (await w.member.client.get("/api/b2b/v1/my-compliance/")).body.results;
    expect(standing.expires_on).toBe(monthsAfter(issued.completedAt, 6).slice(0, 10));
    expect((await other.certificate()).expiresAt!.toISOString()).toBe(otherBefore);

    expect((await w.ldleader.client.patch(`${BASE}${w.requirementId}/`, { every_months: null })).status).toBe(200);
    expect((await w.certificate()).expiresAt).toBeNull();
    expect((await w.member.client.get("/api/b2b/v1/my-compliance/")).body.results[0]).toMatchObject({ status: "on_time", expires_on: null });

    const trail = (await companyAudit(t, w.company.id)).filter((a) => a.action === "redate_certificates");
    expect(trail.map((a) => [a.entity, a.entityId])).toEqual([
      ["compliance_requirement", w.requirementId],
      ["compliance_requirement", w.requirementId],
    ]);
    expect(trail[0]!.after).toMatchObject({
      everyMonths: 6,
      certificates: [{ code: issued.code, expires_at: monthsAfter(issued.completedAt, 6) }],
    });
  });

  it("leaves a revoked certificate as it was, and re-dates nothing when only the due window changes", async () => {
    const w = await world();
    const issued = await w.certificate();
    expect((await w.hr.client.post(`/api/b2b/v1/certificates/${issued.id}/revoke/`, { reason: "Copied the answers" })).status).toBe(200);
    expect((await w.ldleader.client.patch(`${BASE}${w.requirementId}/`, { every_months: 3 })).status).toBe(200);
    expect((await w.certificate()).expiresAt!.toISOString()).toBe(issued.expiresAt!.toISOString());
    expect((await w.ldleader.client.patch(`${BASE}${w.requirementId}/`, { due_days: 3 })).status).toBe(200);
    expect((await companyAudit(t, w.company.id)).filter((a) => a.action === "redate_certificates")).toHaveLength(1);
  });
});
