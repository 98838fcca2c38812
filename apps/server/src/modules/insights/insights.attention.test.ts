// What the insights dashboard asks attention for and the actions it offers: overdue people and their reminders, waiting requests, budgets near their limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { insights, PLAN, tellStory, type StoryStage, type StoryWorld } from "../../../test/insights-story.ts";

let t: TestContext;
/** The company of the test running now, told up to its stage (see `tellStory`). */
let w: StoryWorld;
const story = async (stage: StoryStage) => {
  w = await tellStory(t, stage);
};

const outbox = async () => (await t.outbox()).results as { to: string; subject: string; text: string }[];
const q = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as { rows: Record<string, unknown>[] }).rows;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("overdue people and reminders", () => {
  it("lists the overdue people of the plan, with the action that reminds them", async () => {
    await story(1);
    const view = await insights(w.ld);
    expect(view.kpis.overdue_people.value).toBe(2);
    expect(view.overdue.results.map((r: { account_id: number }) => r.account_id).sort()).toEqual([w.memberId, w.tlId].sort());
    expect(view.overdue.results[0]).toMatchObject({ plan_id: w.planId, plan_title: PLAN, deadline: "2024-01-31", percent: 0, reminded_at: null });
    expect(view.plans.results.find((p: { plan_id: number }) => p.plan_id === w.planId)).toMatchObject({ assignees: 2, completed: 0, overdue: 2, percent: 0 });
    const attention = view.attention.find((a: { kind: string }) => a.kind === "overdue_people");
    expect(attention).toMatchObject({ count: 2, action: { kind: "remind_overdue", method: "post", enabled: true } });
    // The member sees their own overdue task, with the page that resolves it.
    const mine = await insights(w.member);
    expect(mine.attention.find((a: { kind: string }) => a.kind === "my_overdue_tasks")).toMatchObject({
      count: 1,
      action: { kind: "open_tasks", method: "link", href: "/collaborative-network/myTasks" },
    });
  });

  it("agrees with the plan's own page on who is overdue and how far along", async () => {
    await story(1);
    const [assignees, view] = await Promise.all([w.ld.get(`/api/b2b/v1/plans/${w.planId}/assignees/`), insights(w.ld)]);
    const fromPlan = assignees.body.results
      .filter((a: { overdue: boolean }) => a.overdue)
      .map((a: { account: { id: number }; progress: { percent: number } }) => [a.account.id, a.progress.percent])
      .sort();
    const fromInsights = view.overdue.results
      .filter((r: { plan_id: number }) => r.plan_id === w.planId)
      .map((r: { account_id: number; percent: number }) => [r.account_id, r.percent])
      .sort();
    expect(fromInsights).toEqual(fromPlan);
    expect(fromInsights.length).toBe(2);
  });

  it("mails each overdue person once a day, however often leaders click", async () => {
    await story(1);
    const before = (await outbox()).length;
    const first = await w.tl.post("/api/b2b/v1/insights/actions/remind_overdue/", { account_ids: [w.memberId] });
    expect(first.body).toEqual({ kind: "remind_overdue", href: null, reminded: 1, skipped: 0 });
    const all = await outbox();
    const mails = all.slice(0, all.length - before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(w.memberEmail);
    expect(mails[0]!.subject).toContain(PLAN);
    expect(mails[0]!.text).toContain("Tessa Lind is reminding you");
    expect(mails[0]!.text).toContain("http://localhost:3000/collaborative-network/myTasks");
    const again = await w.ld.post("/api/b2b/v1/insights/actions/remind_overdue/", {});
    expect(again.body).toMatchObject({ reminded: 1, skipped: 1 }); // the team leader now, the member already today
    const third = await w.ld.post("/api/b2b/v1/insights/actions/remind_overdue/", { scope: "company" });
    expect(third.body).toMatchObject({ reminded: 0, skipped: 2 });
    expect((await outbox()).length).toBe(before + 2);
    const view = await insights(w.ld);
    expect(view.attention.find((a: { kind: string }) => a.kind === "overdue_people").action.enabled).toBe(false);
    expect(view.overdue.results.every((r: { reminded_at: string | null }) => r.reminded_at !== null)).toBe(true);
  });

  it("writes the reminder in the person's language", async () => {
    await story(1);
    // The story's own mails (the plan's notification) go out before the language changes.
    await outbox();
    await t.database.db.execute(sql`update accounts set locale = 'es' where id = ${w.tlId}`);
    await t.database.db.execute(sql`delete from insight_reminders where account_id = ${w.tlId}`);
    expect((await w.ld.post("/api/b2b/v1/insights/actions/remind_overdue/", { account_ids: [w.tlId] })).body.reminded).toBe(1);
    const mail = (await outbox()).find((m) => m.to === w.tlEmail)!;
    expect(mail.subject).toMatch(/^Recordatorio/);
    expect(mail.text).toContain("fecha límite");
    await t.database.db.execute(sql`update accounts set locale = 'en' where id = ${w.tlId}`);
  });

  it("records item done and plan completed, and the person is no longer overdue", async () => {
    await story(1);
    for (const id of w.itemIds)
      expect((await w.member.post(`/api/b2b/v1/collections/${w.collectionId}/progress/`, { item_id: id, done: true })).status).toBe(200);
    const done = await q(
      sql`select collection_id from learning_events where kind = 'item_done' and account_id = ${w.memberId} and collection_id = ${w.collectionId}`,
    );
    expect(done).toHaveLength(w.itemIds.length);
    const completed = await q(sql`select plan_id, skills from learning_events where kind = 'plan_completed' and account_id = ${w.memberId}`);
    expect(completed).toEqual([{ plan_id: w.planId, skills: ["sql"] }]);
    // Undo and redo: still one completion each.
    await w.member.post(`/api/b2b/v1/collections/${w.collectionId}/progress/`, { item_id: w.itemIds[0], done: false });
    await w.member.post(`/api/b2b/v1/collections/${w.collectionId}/progress/`, { item_id: w.itemIds[0], done: true });
    expect(
      (await q(sql`select 1 from learning_events where kind = 'item_done' and account_id = ${w.memberId} and collection_id = ${w.collectionId}`)).length,
    ).toBe(w.itemIds.length);
    expect((await q(sql`select 1 from learning_events where kind = 'plan_completed' and account_id = ${w.memberId}`)).length).toBe(1);
    const view = await insights(w.ld);
    expect(view.overdue.results.map((r: { account_id: number }) => r.account_id)).toEqual([w.tlId]);
    const plan = (await w.ld.get(`/api/b2b/v1/plans/${w.planId}/assignees/`)).body.results;
    expect(plan.find((a: { account: { id: number } }) => a.account.id === w.memberId)).toMatchObject({ status: "completed", overdue: false });
    expect(view.plans.results.find((p: { plan_id: number }) => p.plan_id === w.planId)).toMatchObject({ completed: 1, overdue: 1, percent: 50 });
  });
});

describe("requests, budgets and their actions", () => {
  it("shows the requests waiting on each viewer, each with the page that decides them", async () => {
    await story(0);
    await w.member.post("/api/b2b/v1/purchase-requests/", { title: "Design course", price_minor: 95_000 });
    await w.tl.post("/api/b2b/v1/invite-requests/", { email: `new.hire@${w.domain}`, team_id: w.engineering });
    const [l, d, h] = await Promise.all([insights(w.tl), insights(w.ld), insights(w.hr)]);
    expect(l.pending).toEqual([expect.objectContaining({ kind: "purchase_requests", count: 1, href: "/budgetingPlan/purchaseRequest" })]);
    expect(d.pending.map((p: { kind: string; count: number }) => [p.kind, p.count])).toEqual([
      ["purchase_requests", 1],
      ["publish_requests", 0],
    ]);
    expect(h.pending.map((p: { kind: string; count: number }) => [p.kind, p.count])).toEqual([
      ["invite_requests", 1],
      ["removal_requests", 0],
    ]);
    expect(h.attention.find((a: { id: string }) => a.id === "pending_invite_requests")).toMatchObject({
      count: 1,
      action: { kind: "review_people", method: "link", href: "/peopleManagement?tab=3", enabled: true },
    });
    expect(d.budget).toBeNull();
    expect(d.attention.find((a: { kind: string }) => a.kind === "no_budget")).toMatchObject({
      action: { kind: "set_budget", href: "/budgetingPlan/companyBudget" },
    });
    expect((await w.ld.post("/api/b2b/v1/insights/actions/review_requests/", {})).body).toEqual({
      kind: "review_requests",
      href: "/budgetingPlan/purchaseRequest",
      reminded: 0,
      skipped: 0,
    });
  });

  it("shows budget used against allocated, and asks to rebalance a team near its limit", async () => {
    await story("request");
    const year = new Date().getUTCFullYear();
    const budget = (await w.ld.post("/api/b2b/v1/budgets/", { period: "year", period_start: `${year}-01-01`, amount_minor: 500_000 })).body;
    await w.ld.post(`/api/b2b/v1/budgets/${budget.id}/allocations/`, { team_id: w.engineering, amount_minor: 100_000 });
    const pending = (await w.tl.get("/api/b2b/v1/purchase-requests/?scope=decide&status=pending")).body.results[0];
    expect((await w.tl.post(`/api/b2b/v1/purchase-requests/${pending.id}/approve/`, {})).status).toBe(200);
    const d = await insights(w.ld);
    expect(d.budget).toMatchObject({ budget_id: budget.id, amount_minor: 500_000, allocated_minor: 100_000, used_minor: 95_000, currency: "USD" });
    expect(d.budget.teams).toEqual([
      expect.objectContaining({ team: { id: w.engineering, name: "Engineering" }, allocated_minor: 100_000, reserved_minor: 95_000, used_percent: 95 }),
    ]);
    expect(d.attention.find((a: { kind: string }) => a.kind === "team_near_limit")).toMatchObject({
      params: { team: "Engineering", percent: 95 },
      action: { kind: "rebalance_budget", href: "/budgetingPlan/companyBudget" },
    });
    const l = await insights(w.tl);
    expect(l.budget).toMatchObject({ amount_minor: 100_000, used_minor: 95_000 });
    expect(l.attention.find((a: { kind: string }) => a.kind === "team_near_limit").action.href).toBe("/budgetingPlan");
    expect((await insights(w.hr)).budget).toBeNull();
    expect((await insights(w.member)).budget).toBeNull();
    const approved = await q(sql`select outcome from learning_events where kind = 'request_decided' and request_id = ${pending.id}`);
    expect(approved).toEqual([{ outcome: "approved" }]);
  });
});
