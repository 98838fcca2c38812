import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { certificates, upskillingPlans } from "../../db/schema/index.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompanyWithRoles } from "../../../test/factories.ts";
import { certificateWorld } from "../../../test/certificates-world.ts";

// Completing a learning path or an upskilling plan issues a certificate, once, stating what was
// completed as it was then; the person's profile lists theirs.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

describe("issuing on completion", () => {
  it("issues one certificate for the path and one for the plan when the last item is done", async () => {
    const w = await certificateWorld(t);
    await w.mark(w.items[0]!, true);
    expect(await w.mine()).toEqual([]);
    await w.mark(w.items[1]!, true);
    const mine = await w.mine();
    expect(mine.map((c) => ({ kind: c.kind, title: c.title, status: c.status, skills: c.skills })).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: "path", title: "SQL basics", status: "valid", skills: ["sql", "databases"] },
      { kind: "plan", title: "Data literacy", status: "valid", skills: ["sql"] },
    ]);
    const [one] = await w.mine();
    expect(one).toMatchObject({
      recipient_name: "Ada Lovelace",
      issuer_name: w.company.name,
      account_id: w.member.id,
      locale: "en",
      verify_url: `${t.config.publicUrl}/verify/${one!.code}`,
      abilities: { download: true, revoke: false },
    });
    expect(one!.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{12}$/);
  });

  it("issues for a course finalized in the person's library as for an item ticked in the path", async () => {
    const w = await certificateWorld(t);
    await w.mark(w.items[0]!, true);
    // The second item becomes a course the person finalizes from their library.
    const path = (await w.member.client.get(`/api/b2b/v1/collections/${w.pathId}/`)).body;
    const contentId = path.items.find((i: { id: number }) => i.id === w.items[1]).content.id_content as number;
    const saved = await w.member.client.post("/api/user/courses", { id_course: contentId, completed: true });
    expect(saved.status, saved.text).toBeLessThan(300);
    expect((await w.mine()).map((c) => c.kind).sort()).toEqual(["path", "plan"]);
  });

  it("issues nothing more when the person completes again or the completion is heard twice", async () => {
    const w = await certificateWorld(t);
    await w.finish();
    const first = (await w.mine()).map((c) => c.code).sort();
    await w.mark(w.items[0]!, false);
    await w.mark(w.items[0]!, true);
    await t.database.db.transaction(async (tx) => {
      await t.app.events.emit(tx, "plan.completed", { actorId: w.member.id, planId: w.planId });
      await t.app.events.emit(tx, "collection.completed", { actorId: w.member.id, collectionId: w.pathId });
    });
    expect((await w.mine()).map((c) => c.code).sort()).toEqual(first);
  });

  it("announces each certificate issued, and insights counts it", async () => {
    const w = await certificateWorld(t);
    const heard: number[] = [];
    const off = t.app.events.on("certificate.issued", async (_tx, e) => {
      if (e.companyId === w.company.id) heard.push(e.certificateId);
    });
    try {
      await w.finish();
    } finally {
      off();
    }
    expect(heard.sort()).toEqual((await w.mine()).map((c) => c.id).sort());
  });

  it("keeps what the certificate states when the plan is renamed later", async () => {
    const w = await certificateWorld(t);
    await w.finish();
    await t.database.db.update(upskillingPlans).set({ title: "Renamed" }).where(eq(upskillingPlans.id, w.planId));
    expect((await w.mine()).map((c) => c.title).sort()).toEqual(["Data literacy", "SQL basics"]);
  });

  it("issues nothing to a colleague who did not complete, nor for a path not yet published", async () => {
    const w = await certificateWorld(t);
    const colleague = await addPerson(t, { company: w.company.id, role: "member", teamId: w.team.id });
    await w.finish();
    expect(await w.mine(colleague.client)).toEqual([]);
    // The L&D leader's own private collection, done in full, is no learning path.
    const draft = await w.ldleader.client.post("/api/b2b/v1/collections/", { title: "Private notes" });
    const item = (await w.ldleader.client.get(`/api/b2b/v1/collections/${w.pathId}/`)).body.items[0];
    const added = await w.ldleader.client.post(`/api/b2b/v1/collections/${draft.body.id}/items/`, { content_id: item.content.id_content });
    const done = await w.ldleader.client.post(`/api/b2b/v1/collections/${draft.body.id}/progress/`, { item_id: added.body.items[0].id, done: true });
    expect(done.status, done.text).toBe(200);
    expect(await w.mine(w.ldleader.client)).toEqual([]);
  });
});

describe("the profile's list of certificates", () => {
  it("refuses anyone without a session", async () => {
    expect((await t.anonymous.get("/api/b2b/v1/certificates/")).status).toBe(401);
  });

  it("shows hr anyone's of the company, and nobody else another person's", async () => {
    const w = await certificateWorld(t);
    await w.finish();
    const hrList = await w.hr.client.get(`/api/b2b/v1/certificates/?account=${w.member.id}`);
    expect(hrList.status).toBe(200);
    expect(hrList.body.count).toBe(2);
    expect(hrList.body.results[0].abilities).toEqual({ download: true, revoke: true });
    for (const who of [w.teamleader, w.ldleader]) {
      const res = await who.client.get(`/api/b2b/v1/certificates/?account=${w.member.id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    const other = await createCompanyWithRoles(t);
    expect((await other.hr.client.get(`/api/b2b/v1/certificates/?account=${w.member.id}`)).status).toBe(404);
    expect((await other.hr.client.get(`/api/b2b/v1/certificates/${hrList.body.results[0].id}/`)).status).toBe(404);
    expect((await w.teamleader.client.get(`/api/b2b/v1/certificates/${hrList.body.results[0].id}/`)).status).toBe(404);
  });

  it("finds a person's certificates by the username a profile's address names, within the company only", async () => {
    const w = await certificateWorld(t);
    await w.finish();
    const byName = await w.hr.client.get(`/api/b2b/v1/certificates/?username=${encodeURIComponent(w.member.username)}`);
    expect([byName.status, byName.body.count]).toEqual([200, 2]);
    expect((await w.teamleader.client.get(`/api/b2b/v1/certificates/?username=${encodeURIComponent(w.member.username)}`)).status).toBe(404);
    const other = await createCompanyWithRoles(t);
    expect((await other.hr.client.get(`/api/b2b/v1/certificates/?username=${encodeURIComponent(w.member.username)}`)).status).toBe(404);
    const both = await w.hr.client.get(`/api/b2b/v1/certificates/?username=${encodeURIComponent(w.member.username)}&account=${w.member.id}`);
    expect([both.status, both.body.error.code]).toEqual([400, "bad_request"]);
  });

  it("pages the list, newest first", async () => {
    const w = await certificateWorld(t);
    await w.finish();
    const page = await w.member.client.get("/api/b2b/v1/certificates/?page_size=1");
    expect(page.body.count).toBe(2);
    expect(page.body.results).toHaveLength(1);
    expect(page.body.next).toContain("page=2");
    const rows = await t.database.db.select().from(certificates).where(eq(certificates.accountId, w.member.id));
    expect(rows).toHaveLength(2);
  });
});
