import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompanyWithRoles, fingerprinter } from "../../../test/factories.ts";
import { certificateWorld } from "../../../test/certificates-world.ts";
import { certificates, pathCompletions, userContents } from "../../db/schema/index.ts";

// Recertification: a person whose completion of a recurring required path has expired, or expires
// within the renewal window, starts the path again, does its items again and earns the certificate
// of the new cycle; the old certificate stays what it was.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

const startAgain = (c: Client, requirementId: number) => c.post(`/api/b2b/v1/my-compliance/${requirementId}/start-again/`, {});
const mine = async (c: Client) => {
  const res = await c.get("/api/b2b/v1/my-compliance/");
  expect(res.status, res.text).toBe(200);
  return res.body.results as {
    requirement_id: number;
    status: string;
    expires_on: string | null;
    certificate_code: string | null;
    completed_at: string | null;
  }[];
};

/**
 * The member completed "SQL basics", required of their team every 12 months, `ago` (a Postgres
 * interval) ago; with `course`, its second item as a course finalized in their library.
 */
async function completedAgo(ago: string, opts: { course?: boolean } = {}) {
  const w = await certificateWorld(t);
  const requirementId = await w.requireOfTeam({ due_days: 14, every_months: 12 });
  let courseId: number | null = null;
  if (opts.course) {
    await w.mark(w.items[0]!, true);
    const path = (await w.member.client.get(`/api/b2b/v1/collections/${w.pathId}/`)).body;
    courseId = path.items.find((i: { id: number }) => i.id === w.items[1]).content.id_content as number;
    const saved = await w.member.client.post("/api/user/courses", { id_course: courseId, completed: true });
    expect(saved.status, saved.text).toBeLessThan(300);
  } else await w.finish();
  const back = sql.raw(`interval '${ago}'`);
  const db = t.database.db;
  await db
    .update(pathCompletions)
    .set({ completedAt: sql`${pathCompletions.completedAt} - ${back}` })
    .where(and(eq(pathCompletions.accountId, w.member.id), eq(pathCompletions.collectionId, w.pathId)));
  await db
    .update(certificates)
    .set({ completedAt: sql`${certificates.completedAt} - ${back}`, expiresAt: sql`${certificates.expiresAt} - ${back}` })
    .where(eq(certificates.accountId, w.member.id));
  const progress = async (who: Client = w.member.client) =>
    (await who.get(`/api/b2b/v1/collections/${w.pathId}/progress/`)).body as { done: number; total: number };
  return { ...w, requirementId, progress, courseId };
}

describe("starting a required path again", () => {
  it("refuses another company (404), someone it is not required of, a teammate not in the window, and changes nothing", async () => {
    const w = await completedAgo("13 months");
    const other = await createCompanyWithRoles(t);
    const teammate = await addPerson(t, { company: w.company.id, role: "member", teamId: w.team.id });
    const fingerprint = await fingerprinter(t);
    const before = await fingerprint();
    expect((await startAgain(other.member.client, w.requirementId)).status).toBe(404);
    const notRequired = await startAgain(w.hr.client, w.requirementId);
    expect(notRequired.status).toBe(403);
    expect(notRequired.body.error.code).toBe("compliance_not_required");
    // A teammate has nothing to renew: their path is only due. The member's own items stay done.
    const notOpen = await startAgain(teammate.client, w.requirementId);
    expect(notOpen.status).toBe(409);
    expect(notOpen.body.error.code).toBe("compliance_not_renewable");
    expect((await startAgain(w.member.client, 999_999)).status).toBe(404);
    expect(await fingerprint()).toBe(before);
    expect((await w.progress()).done).toBe(2);
  });

  it("refuses a completion that is far from expiring", async () => {
    const w = await completedAgo("1 month");
    const res = await startAgain(w.member.client, w.requirementId);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("compliance_not_renewable");
    expect((await w.progress()).done).toBe(2);
  });

  it("after expiry, reopens the path's items; completing them again issues the new cycle's certificate, the old one stays verifiable", async () => {
    const w = await completedAgo("13 months");
    const [expired] = await mine(w.member.client);
    expect(expired!.status).toBe("expired");
    const oldCode = expired!.certificate_code!;

    const res = await startAgain(w.member.client, w.requirementId);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ requirement_id: w.requirementId, status: "expired" });
    expect(await w.progress()).toMatchObject({ done: 0, total: 2 });
    // Starting again twice reopens nothing more.
    expect((await startAgain(w.member.client, w.requirementId)).status).toBe(200);

    await w.finish();
    const [renewed] = await mine(w.member.client);
    expect(renewed!.status).toBe("on_time");
    expect(renewed!.certificate_code).not.toBe(oldCode);
    const nextYear = new Date();
    nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
    expect(renewed!.expires_on).toBe(nextYear.toISOString().slice(0, 10));

    const paths = (await w.mine()).filter((c) => c.kind === "path");
    expect(paths.map((c) => [c.code, c.status]).sort()).toEqual(
      [
        [oldCode, "expired"],
        [renewed!.certificate_code, "valid"],
      ].sort(),
    );
    const verified = await t.app.inject({ method: "GET", url: `/api/public/certificates/${oldCode}` });
    expect(verified.json()).toMatchObject({ code: oldCode, status: "expired" });
    const history = await t.database.db.select().from(pathCompletions).where(eq(pathCompletions.accountId, w.member.id));
    expect(history.filter((h) => h.collectionId === w.pathId).map((h) => h.cycle)).toEqual([1, 2]);
  });

  it("within the renewal window, starts the next cycle before the current one expires", async () => {
    const w = await completedAgo("11 months 20 days");
    const [before] = await mine(w.member.client);
    expect(before!.status).toBe("on_time");
    expect((await startAgain(w.member.client, w.requirementId)).status).toBe(200);
    // The current cycle still counts while the next one is done.
    expect((await mine(w.member.client))[0]!.status).toBe("on_time");
    await w.finish();
    const [after] = await mine(w.member.client);
    expect(after!.certificate_code).not.toBe(before!.certificate_code);
    expect(after!.expires_on! > before!.expires_on!).toBe(true);
  });

  it("runs again a course the person finalized in their library for the path", async () => {
    const w = await completedAgo("13 months", { course: true });
    expect((await w.progress()).done).toBe(2);
    expect((await startAgain(w.member.client, w.requirementId)).status).toBe(200);
    expect((await w.progress()).done).toBe(0);
    const [copy] = await t.database.db
      .select({ state: userContents.courseStatus })
      .from(userContents)
      .where(and(eq(userContents.accountId, w.member.id), eq(userContents.contentId, w.courseId!)));
    expect(copy).toEqual({ state: "running" });
  });

  it("after hr revoked the certificate, the path is due again and may be started again, whatever the recurrence", async () => {
    const w = await completedAgo("1 month");
    const [held] = await mine(w.member.client);
    const certificate = (await w.mine()).find((c) => c.code === held!.certificate_code)!;
    expect((await w.hr.client.post(`/api/b2b/v1/certificates/${certificate.id}/revoke`, { reason: "Taken by someone else" })).status).toBe(200);
    const [revoked] = await mine(w.member.client);
    expect(revoked!.status).toBe("due");
    expect((await startAgain(w.member.client, w.requirementId)).status).toBe(200);
    expect(await w.progress()).toMatchObject({ done: 0, total: 2 });
    await w.finish();
    const [again] = await mine(w.member.client);
    expect(again!.status).toBe("on_time");
    expect(again!.certificate_code).not.toBe(held!.certificate_code);
  });

  it("opens one new cycle when started again by several requests at once", async () => {
    const w = await completedAgo("13 months", { course: true });
    const answers = await Promise.all([1, 2, 3, 4].map(() => startAgain(w.member.client, w.requirementId)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await w.progress()).toMatchObject({ done: 0, total: 2 });
    await w.finish();
    const history = await t.database.db.select().from(pathCompletions).where(eq(pathCompletions.accountId, w.member.id));
    expect(history.filter((h) => h.collectionId === w.pathId).map((h) => h.cycle)).toEqual([1, 2]);
    expect((await w.mine()).filter((c) => c.kind === "path")).toHaveLength(2);
  });

  it("issues one certificate per completion, however often the completion is heard", async () => {
    const w = await completedAgo("13 months");
    await startAgain(w.member.client, w.requirementId);
    await w.finish();
    await t.database.db.transaction(async (tx) => {
      await t.app.events.emit(tx, "collection.completed", { actorId: w.member.id, collectionId: w.pathId });
    });
    expect((await w.mine()).filter((c) => c.kind === "path")).toHaveLength(2);
  });
});
