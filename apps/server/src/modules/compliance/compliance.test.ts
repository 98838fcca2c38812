import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addPerson, companyAudit, createCompanyWithRoles, fingerprinter } from "../../../test/factories.ts";
import { certificateWorld } from "../../../test/certificates-world.ts";
import { certificates } from "../../db/schema/index.ts";
import { inDays } from "../../../test/dates.ts";

// Required learning paths: who may require them, who is required, where each person stands, the
// reminders before due and expiry, and the per-team figures and CSV for hr and the L&D leader.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterEach(() => t.app.clock.setOffsetDays(0));
afterAll(() => t.close());

const BASE = "/api/b2b/v1/compliance-requirements/";

type Assignment = {
  requirement_id: number;
  collection_title: string;
  due_on: string;
  status: string;
  expires_on: string | null;
  certificate_code: string | null;
};
const mine = async (c: Client) => {
  const res = await c.get("/api/b2b/v1/my-compliance/");
  expect(res.status, res.text).toBe(200);
  return res.body.results as Assignment[];
};

/** A company whose L&D leader requires its published path "SQL basics" of the member's team within 14 days. */
async function required(opts: { every_months?: number | null; due_days?: number } = {}) {
  const w = await certificateWorld(t);
  const res = await w.ldleader.client.post(BASE, {
    collection_id: w.pathId,
    team_ids: [w.team.id],
    roles: [],
    due_days: opts.due_days ?? 14,
    every_months: opts.every_months ?? null,
  });
  expect(res.status, res.text).toBe(201);
  return { ...w, requirementId: res.body.id as number };
}

describe("who may require a path", () => {
  it("refuses everyone but the company's L&D leader, and changes nothing", async () => {
    const w = await certificateWorld(t);
    const other = await createCompanyWithRoles(t);
    const fingerprint = await fingerprinter(t);
    const before = await fingerprint();
    const body = { collection_id: w.pathId, team_ids: [w.team.id], roles: [], due_days: 30, every_months: null };
    for (const who of [w.member, w.teamleader, w.hr]) expect((await who.client.post(BASE, body)).status).toBe(403);
    // Another company's path or team reads as none, named in the body as in the path.
    expect((await other.ldleader.client.post(BASE, body)).status).toBe(404);
    expect((await w.ldleader.client.post(BASE, { ...body, team_ids: [other.team.id] })).status).toBe(404);
    expect(await fingerprint()).toBe(before);
  });

  it("keeps a requirement its company's: another company reads, changes and removes none (404); a learner none (403)", async () => {
    const w = await required();
    const other = await createCompanyWithRoles(t);
    const url = `${BASE}${w.requirementId}/`;
    expect((await other.ldleader.client.get(url)).status).toBe(404);
    expect((await other.ldleader.client.patch(url, { due_days: 1 })).status).toBe(404);
    expect((await other.ldleader.client.delete(url)).status).toBe(404);
    expect((await other.hr.client.get(BASE)).body.count).toBe(0);
    expect((await w.member.client.get(url)).status).toBe(403);
    expect((await w.member.client.patch(url, { due_days: 1 })).status).toBe(403);
    expect((await w.hr.client.patch(url, { due_days: 1 })).status).toBe(403);
    expect((await w.ldleader.client.patch(url, { team_ids: [other.team.id] })).status).toBe(404);
    expect((await w.hr.client.get(url)).body).toMatchObject({
      due_days: 14,
      team_ids: [w.team.id],
      teams: [{ id: w.team.id, name: w.team.name }],
      collection_title: "SQL basics",
    });
  });

  it("requires a published path and someone to require it of", async () => {
    const w = await certificateWorld(t);
    const draft = await w.ldleader.client.post("/api/b2b/v1/collections/", { title: "Unpublished" });
    const refused = await w.ldleader.client.post(BASE, { collection_id: draft.body.id, team_ids: [w.team.id], roles: [], due_days: 7, every_months: null });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("path_not_published");
    // A colleague's private path reads as none.
    const theirs = await w.member.client.post("/api/b2b/v1/collections/", { title: "Member's own" });
    expect(
      (await w.ldleader.client.post(BASE, { collection_id: theirs.body.id, team_ids: [w.team.id], roles: [], due_days: 7, every_months: null })).status,
    ).toBe(404);
    const nobody = await w.ldleader.client.post(BASE, { collection_id: w.pathId, team_ids: [], roles: [], due_days: 7, every_months: null });
    expect(nobody.status).toBe(400);
  });

  it("lets the L&D leader change and remove a requirement", async () => {
    const w = await required();
    const url = `${BASE}${w.requirementId}/`;
    expect((await w.ldleader.client.patch(url, { due_days: 3, roles: ["hr"] })).body).toMatchObject({ due_days: 3, roles: ["hr"] });
    expect((await mine(w.hr.client)).map((a) => a.due_on)).toEqual([inDays(3)]);
    expect((await w.ldleader.client.delete(url)).status).toBe(204);
    expect(await mine(w.member.client)).toEqual([]);
    // Auditors read who required what, and every change to it.
    const trail = (await companyAudit(t, w.company.id)).filter((a) => a.entity === "compliance_requirement");
    expect(trail.map((a) => [a.action, a.entityId])).toEqual([
      ["create", w.requirementId],
      ["update", w.requirementId],
      ["delete", w.requirementId],
    ]);
    expect(trail[1]).toMatchObject({ before: { dueDays: 14, roles: [] }, after: { dueDays: 3, roles: ["hr"], teamIds: [w.team.id] } });
  });
});

describe("who is required, and where they stand", () => {
  it("shows the team's members the path due; others nothing; a newcomer to the team is required at once", async () => {
    const w = await required();
    expect(await mine(w.member.client)).toEqual([
      expect.objectContaining({ requirement_id: w.requirementId, collection_title: "SQL basics", due_on: inDays(14), status: "due", certificate_code: null }),
    ]);
    expect(await mine(w.ldleader.client)).toEqual([]);
    const newcomer = await addPerson(t, { company: w.company.id, role: "member", teamId: w.team.id });
    expect((await mine(newcomer.client)).map((a) => a.status)).toEqual(["due"]);
  });

  it("requires it of a role across teams", async () => {
    const w = await certificateWorld(t);
    const res = await w.ldleader.client.post(BASE, { collection_id: w.pathId, team_ids: [], roles: ["hr"], due_days: 5, every_months: null });
    expect(res.status).toBe(201);
    expect((await mine(w.hr.client)).map((a) => a.due_on)).toEqual([inDays(5)]);
    expect(await mine(w.member.client)).toEqual([]);
  });

  it("is overdue the day after its due day, and on time once completed", async () => {
    const w = await required({ due_days: 2 });
    t.app.clock.setOffsetDays(2);
    expect((await mine(w.member.client))[0]!.status).toBe("due");
    t.app.clock.setOffsetDays(3);
    expect((await mine(w.member.client))[0]!.status).toBe("overdue");
    await w.finish();
    const [done] = await mine(w.member.client);
    const cert = (await w.mine()).find((c) => c.kind === "path");
    expect(done).toMatchObject({ status: "on_time", certificate_code: cert!.code, expires_on: null });
  });

  it("with a recurrence, makes the completion's certificate expire at the end of its cycle, then reads expired", async () => {
    const w = await required({ every_months: 12 });
    await w.finish();
    const [done] = await mine(w.member.client);
    const [row] = await t.database.db.select().from(certificates).where(eq(certificates.code, done!.certificate_code!));
    expect(row!.expiresAt).not.toBeNull();
    expect(done!.expires_on).toBe(row!.expiresAt!.toISOString().slice(0, 10));
    const year = new Date(row!.completedAt);
    year.setUTCFullYear(year.getUTCFullYear() + 1);
    expect(row!.expiresAt!.toISOString()).toBe(year.toISOString());
    expect(done!.status).toBe("on_time");
    t.app.clock.setOffsetDays(367);
    expect((await mine(w.member.client))[0]!.status).toBe("expired");
    expect((await w.mine()).find((c) => c.kind === "path")!.status).toBe("expired");
  });

  it("no longer counts a completion whose certificate hr revoked", async () => {
    const w = await required();
    await w.finish();
    const cert = (await w.mine()).find((c) => c.kind === "path")!;
    expect((await mine(w.member.client))[0]!.status).toBe("on_time");
    expect((await w.hr.client.post(`/api/b2b/v1/certificates/${cert.id}/revoke/`, { reason: "Copied the answers" })).status).toBe(200);
    expect((await mine(w.member.client))[0]).toMatchObject({ status: "due", certificate_code: null });
  });

  it("leaves a certificate of a path required only once without an expiry", async () => {
    const w = await required();
    await w.finish();
    expect((await mine(w.member.client))[0]).toMatchObject({ status: "on_time", expires_on: null });
    t.app.clock.setOffsetDays(800);
    expect((await mine(w.member.client))[0]!.status).toBe("on_time");
  });
});
