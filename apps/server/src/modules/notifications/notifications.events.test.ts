import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addContent, createCompanyWithRoles } from "../../../test/factories.ts";
import { accounts, authUsers, notifications } from "../../db/schema/index.ts";
import { FANOUT_ABOVE } from "./notifications.events.ts";

// Who is told what when something happens, decided by the owning module's policy.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

type Bell = { count: number; unread: number; results: { kind: string; params: Record<string, unknown>; link: string }[] };
const bell = async (c: Client): Promise<Bell> => {
  const res = await c.get("/api/notifications");
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const kinds = async (c: Client) => (await bell(c)).results.map((n) => n.kind);

async function pathOf(world: Awaited<ReturnType<typeof createCompanyWithRoles>>, title: string) {
  const owner = world.member.client;
  const item = await addContent(t, { company: world.company.id });
  const path = (await owner.post("/api/b2b/v1/collections/", { title })).body;
  expect((await owner.post(`/api/b2b/v1/collections/${path.id}/items/`, { content_id: item.id })).status).toBe(201);
  return path as { id: number };
}

async function publish(world: Awaited<ReturnType<typeof createCompanyWithRoles>>, id: number) {
  const asked = await world.member.client.post("/api/b2b/v1/publish-requests/", { collection_id: id });
  expect((await world.ldleader.client.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(200);
}

/** This caller assigns a plan over one path, due 2099-01-31, to the world's team. */
async function assignToTeam(world: Awaited<ReturnType<typeof createCompanyWithRoles>>, client: Client, title: string, pathId: number) {
  const plan = await client.post("/api/b2b/v1/plans/", {
    title,
    deadline: "2099-01-31",
    skills: { data: { collections: [pathId] } },
    selectedTeam: [world.team.id],
  });
  expect(plan.status, plan.text).toBe(201);
  return plan;
}

describe("telling people when something happens", () => {
  it("tells the team of a plan its leader assigned, with a mail, but not the leader", async () => {
    const world = await createCompanyWithRoles(t, { names: { teamleader: "Tina Lead" } });
    const path = await pathOf(world, "Data basics");
    await publish(world, path.id);
    await assignToTeam(world, world.teamleader.client, "Data literacy", path.id);
    const mine = await bell(world.member.client);
    expect(mine.results.filter((n) => n.kind === "plan_assigned")).toHaveLength(1);
    expect(mine.results[0]).toMatchObject({
      kind: "plan_assigned",
      params: { plan: "Data literacy", by: "Tina Lead", due_on: "2099-01-31" },
      link: "/collaborative-network/myTasks",
    });
    expect(await kinds(world.teamleader.client)).not.toContain("plan_assigned");
    expect((await t.mails(world.member.email)).map((m) => m.subject)).toContain("New plan for you: Data literacy (due 31 January 2099)");
  });

  it("tells whoever decides a purchase request (the policy's deciders, never the requester), then the requester of the decision", async () => {
    const world = await createCompanyWithRoles(t, { names: { member: "Mia Member" } });
    const year = new Date().getUTCFullYear();
    const budget = await world.ldleader.client.post("/api/b2b/v1/budgets/", { period: "year", period_start: `${year}-01-01`, amount_minor: 100_000 });
    expect(
      (await world.ldleader.client.post(`/api/b2b/v1/budgets/${budget.body.id}/allocations/`, { team_id: world.team.id, amount_minor: 50_000 })).status,
    ).toBe(200);
    const asked = await world.member.client.post("/api/b2b/v1/purchase-requests/", { title: "SQL course", price_minor: 1_000 });
    expect(asked.status, asked.text).toBe(201);
    for (const decider of [world.teamleader, world.ldleader])
      expect((await bell(decider.client)).results[0]).toMatchObject({
        kind: "purchase_request_filed",
        params: { title: "SQL course", by: "Mia Member" },
        link: "/budgetingPlan/purchaseRequest",
      });
    expect(await kinds(world.hr.client)).toEqual([]);
    expect(await kinds(world.member.client)).toEqual([]);
    const approved = await world.teamleader.client.post(`/api/b2b/v1/purchase-requests/${asked.body.id}/approve/`, {});
    expect(approved.status, approved.text).toBe(200);
    expect((await bell(world.member.client)).results[0]).toMatchObject({
      kind: "purchase_request_decided",
      params: { title: "SQL course", status: "approved" },
    });
    expect((await t.mails(world.member.email)).map((m) => m.subject)).toContain("Your request for SQL course was approved");
  });

  it("tells the L&D leader of a publish request, the requester of its decision, and the followers when an edit is published", async () => {
    const world = await createCompanyWithRoles(t, { names: { member: "Olga Owner" } });
    const path = await pathOf(world, "Rotations 101");
    const asked = await world.member.client.post("/api/b2b/v1/publish-requests/", { collection_id: path.id });
    expect(asked.status, asked.text).toBe(201);
    expect((await bell(world.ldleader.client)).results[0]).toMatchObject({
      kind: "publish_request_filed",
      params: { collection: "Rotations 101", by: "Olga Owner" },
    });
    expect(await kinds(world.hr.client)).toEqual([]);
    expect((await world.ldleader.client.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(200);
    expect((await bell(world.member.client)).results[0]).toMatchObject({
      kind: "publish_request_decided",
      params: { collection: "Rotations 101", status: "accepted" },
      link: `/collaborative-network/collections/${path.id}/Rotations-101`,
    });
    // The team leader follows the path; its owner edits it and the edit is accepted.
    expect((await world.teamleader.client.post(`/api/b2b/v1/collections/${path.id}/follow/`)).status).toBeLessThan(300);
    expect((await world.member.client.patch(`/api/b2b/v1/collections/${path.id}/`, { title: "Rotations 102" })).status).toBe(200);
    const edit = await world.member.client.post("/api/b2b/v1/publish-requests/", { collection_id: path.id });
    expect(edit.status, edit.text).toBe(201);
    expect((await world.ldleader.client.post(`/api/b2b/v1/publish-requests/${edit.body.id}/accept/`, {})).status).toBe(200);
    expect((await bell(world.teamleader.client)).results[0]).toMatchObject({ kind: "path_changed", params: { collection: "Rotations 102" } });
    expect(await kinds(world.member.client)).not.toContain("path_changed");
  });

  it("tells hr of invite and removal requests, and the team leader of hr's decisions", async () => {
    const world = await createCompanyWithRoles(t, { names: { teamleader: "Tina Lead", member: "Mia Member" } });
    const invite = await world.teamleader.client.post("/api/b2b/v1/invite-requests/", { email: "newbie@outside.test", team_id: world.team.id });
    expect(invite.status, invite.text).toBe(201);
    const removal = await world.teamleader.client.post("/api/b2b/v1/removal-requests/", { employee_id: world.member.id });
    expect(removal.status, removal.text).toBe(201);
    const hr = await bell(world.hr.client);
    expect(hr.results.map((n) => [n.kind, n.params])).toEqual([
      ["removal_request_filed", { person: "Mia Member", by: "Tina Lead" }],
      ["invite_request_filed", { email: "newbie@outside.test", by: "Tina Lead" }],
    ]);
    expect(await kinds(world.ldleader.client)).toEqual([]);
    expect((await world.hr.client.post(`/api/b2b/v1/invite-requests/${invite.body.id}/reject/`, { reason: "No headcount" })).status).toBe(200);
    expect((await world.hr.client.post(`/api/b2b/v1/removal-requests/${removal.body.id}/accept/`, {})).status).toBe(200);
    expect((await bell(world.teamleader.client)).results.map((n) => [n.kind, n.params])).toEqual([
      ["removal_request_decided", { person: "Mia Member", status: "accepted" }],
      ["invite_request_decided", { email: "newbie@outside.test", status: "rejected" }],
    ]);
  });

  it("hands a large team's plan to a job instead of holding the request, and tells each person once", async () => {
    const world = await createCompanyWithRoles(t);
    const path = await pathOf(world, "Big path");
    await publish(world, path.id);
    // More people than one request tells itself, written straight into the team.
    const extra = FANOUT_ABOVE + 20;
    await t.database.db.transaction(async (tx) => {
      const users = Array.from({ length: extra }, (_, i) => ({
        id: randomUUID(),
        name: `Crowd ${i}`,
        email: `crowd-${i}-${randomUUID()}@crowd.test`,
        emailVerified: true,
      }));
      await tx.insert(authUsers).values(users);
      await tx
        .insert(accounts)
        .values(
          users.map((u, i) => ({ uid: u.id, companyId: world.company.id, teamId: world.team.id, role: "member" as const, username: `crowd-${i}-${u.id}` })),
        );
    });
    const count = () =>
      t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.companyId, world.company.id), eq(notifications.kind, "plan_assigned")))
        .then((r) => r.length);
    const plan = await assignToTeam(world, world.ldleader.client, "Everyone", path.id);
    expect(await count()).toBe(0);
    await t.app.jobs.drain();
    // The team's members (the leader hands it out): the crowd and the member.
    expect(await count()).toBe(extra + 1);
    // Assigning again (a new person) tells nobody twice.
    const more = await world.ldleader.client.post(`/api/b2b/v1/plans/${plan.body.id}/assignees/`, { selectedAccount: [world.hr.id] });
    expect(more.status, more.text).toBe(200);
    await t.app.jobs.drain();
    expect(await count()).toBe(extra + 2);
    expect((await t.mails(world.member.email)).filter((m) => m.subject.startsWith("New plan for you: Everyone"))).toHaveLength(1);
  });
});
