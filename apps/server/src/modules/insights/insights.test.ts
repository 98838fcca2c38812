// The insights dashboard for each role's scope, its actions and its CSV export.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { createTestContext, DEMO, type Client, type TestContext } from "../../../test/helpers.ts";
import { rebuildRollups } from "./insights.events.repo.ts";
import { addContent, createCompanyWithRoles } from "../../../test/factories.ts";

let t: TestContext;
let hr: Client, ld: Client, tl: Client, member: Client, globex: Client, admin: Client;
let engineering: number, marketing: number, memberId: number, acmeId: number;
let acmePathId: number;
let acmeItemIds: number[];
/** The company of the test running now, told up to its stage (see `story`). */
let w: {
  hr: Client;
  ld: Client;
  tl: Client;
  member: Client;
  memberId: number;
  tlId: number;
  memberEmail: string;
  tlEmail: string;
  engineering: number;
  domain: string;
  collectionId: number;
  itemIds: number[];
  planId: number;
};
const PLAN = "=Overdue SQL plan";

const q = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as { rows: Record<string, unknown>[] }).rows;
const insights = async (c: Client, query = "") => {
  const res = await c.get(`/api/b2b/v1/insights/${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const outbox = async () => (await t.outbox()).results as { to: string; subject: string; text: string }[];

beforeAll(async () => {
  t = await createTestContext();
  [hr, ld, tl, member, globex, admin] = (await Promise.all(
    [DEMO.hr, DEMO.ldleader, DEMO.teamleader, DEMO.member, DEMO.globex, DEMO.admin].map((e) => t.as(e)),
  )) as Client[] as [Client, Client, Client, Client, Client, Client];
  const me = (await tl.get("/api/me")).body.account;
  engineering = me.team.id;
  memberId = (await member.get("/api/me")).body.account.id;
  marketing = (await hr.get("/api/b2b/v1/teams/?search=Marketing")).body.results[0].id;
  acmeId = Number((await q(sql`select id from companies where domain = 'acme.test'`))[0]!.id);

  // A published learning path of two articles.
  const articles = await q(sql`select id from content_items where company_id = ${acmeId} and content_type = 'article' order by id desc limit 2`);
  const collection = (await member.post("/api/b2b/v1/collections/", { title: "SQL path", skills: ["sql"] })).body;
  acmePathId = collection.id;
  for (const a of articles) await member.post(`/api/b2b/v1/collections/${acmePathId}/items/`, { content_id: Number(a.id) });
  const publish = (await member.post("/api/b2b/v1/publish-requests/", { collection_id: acmePathId })).body;
  await ld.post(`/api/b2b/v1/publish-requests/${publish.id}/accept/`, {});
  acmeItemIds = (await member.get(`/api/b2b/v1/collections/${acmePathId}/`)).body.items.map((i: { id: number }) => i.id);
  expect(acmeItemIds).toHaveLength(2);
});
afterAll(() => t.close());

/**
 * A company of its own (hr, the L&D leader, Tessa Lind leading Engineering and its member) told up
 * to `stage`, so the plan and request stories start where they need and none depends on another
 * test: 0 the member's published "SQL path" of two articles; 1 the L&D leader's plan on it, past its
 * deadline, for Engineering and Tessa by name; 2 the member has done the path; "request" is stage 0
 * with the member's pending 950.00 purchase request.
 */
async function story(stage: 0 | 1 | 2 | "request") {
  const world = await createCompanyWithRoles(t, { teamName: "Engineering", names: { teamleader: "Tessa Lind" } });
  const [ldC, member] = [world.ldleader.client, world.member.client];
  const articles = [0, 1].map(() => addContent(t, { company: world.company.id, contentType: "article", skills: ["sql"] }));
  const collectionId = (await member.post("/api/b2b/v1/collections/", { title: "SQL path", skills: ["sql"] })).body.id;
  for (const a of articles) await member.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: (await a).id });
  const publish = (await member.post("/api/b2b/v1/publish-requests/", { collection_id: collectionId })).body;
  expect((await ldC.post(`/api/b2b/v1/publish-requests/${publish.id}/accept/`, {})).status).toBe(200);
  const itemIds = (await member.get(`/api/b2b/v1/collections/${collectionId}/`)).body.items.map((i: { id: number }) => i.id);
  expect(itemIds).toHaveLength(2);
  w = {
    hr: world.hr.client,
    ld: ldC,
    tl: world.teamleader.client,
    member,
    memberId: world.member.id,
    tlId: world.teamleader.id,
    memberEmail: world.member.email,
    tlEmail: world.teamleader.email,
    engineering: world.team.id,
    domain: world.company.domain,
    collectionId,
    itemIds,
    planId: 0,
  };
  if (stage === "request") {
    expect((await member.post("/api/b2b/v1/purchase-requests/", { title: "Design course", price_minor: 95_000 })).status).toBe(201);
    return;
  }
  if (stage < 1) return;
  const plan = await assignPlan();
  expect(plan.status, plan.text).toBe(201);
  w.planId = plan.body.id;
  if (stage < 2) return;
  for (const id of itemIds) expect((await member.post(`/api/b2b/v1/collections/${collectionId}/progress/`, { item_id: id, done: true })).status).toBe(200);
}
/** The L&D leader's overdue plan on the path, for Engineering and its leader by name (a team plan leaves its leader out). */
const assignPlan = () =>
  w.ld.post("/api/b2b/v1/plans/", {
    title: PLAN,
    deadline: "2024-01-31",
    skills: { sql: { collections: [w.collectionId] } },
    selectedTeam: [w.engineering],
    selectedAccount: [w.tlId],
  });

describe("who may see what", () => {
  it("refuses callers outside their scope, and other companies' teams", async () => {
    expect((await t.anonymous.get("/api/b2b/v1/insights/")).status).toBe(401);
    expect((await admin.get("/api/b2b/v1/insights/")).status).toBe(403);
    expect((await member.get("/api/b2b/v1/insights/?scope=team")).status).toBe(403);
    expect((await member.get("/api/b2b/v1/insights/?scope=company")).status).toBe(403);
    expect((await tl.get("/api/b2b/v1/insights/?scope=company")).status).toBe(403);
    expect((await tl.get(`/api/b2b/v1/insights/?scope=team&team=${marketing}`)).status).toBe(403);
    expect((await ld.get("/api/b2b/v1/insights/?scope=team&team=999999")).status).toBe(404);
    // The L&D leader has no team of their own: a team view needs one picked.
    expect(await ld.get("/api/b2b/v1/insights/?scope=team")).toMatchObject({ status: 400, body: { error: { code: "team_not_chosen" } } });
    expect((await ld.get("/api/b2b/v1/insights/?time=90d")).status).toBe(400);
    expect((await ld.get("/api/b2b/v1/insights/?bucket=week")).status).toBe(400);
    expect((await member.get("/api/b2b/v1/insights/export.csv?table=overdue&scope=company")).status).toBe(403);
    expect((await member.post("/api/b2b/v1/insights/actions/remind_overdue/", {})).status).toBe(403);
    expect((await tl.post("/api/b2b/v1/insights/actions/remind_overdue/", { scope: "me" })).status).toBe(403);
    expect((await member.post("/api/b2b/v1/insights/actions/rebalance_budget/", {})).status).toBe(403);
    expect((await hr.post("/api/b2b/v1/insights/actions/review_requests/", {})).status).toBe(403);
    expect((await ld.post("/api/b2b/v1/insights/actions/launch_rockets/", {})).status).toBe(400);
  });

  it("shows each role its own scope by default: member themselves, team leader the team, L&D leader and hr the company", async () => {
    const [m, l, d, h] = await Promise.all([insights(member), insights(tl), insights(ld), insights(hr)]);
    expect([m.scope, l.scope, d.scope, h.scope]).toEqual(["me", "team", "company", "company"]);
    expect(l.team).toEqual({ id: engineering, name: "Engineering" });
    expect(m.abilities).toEqual({ scopes: ["me"], teams: [], remind: false });
    expect(l.abilities.scopes).toEqual(["me", "team"]);
    expect(l.abilities.teams).toEqual([{ id: engineering, name: "Engineering" }]);
    expect(d.abilities.teams.map((x: { name: string }) => x.name)).toEqual(["Engineering", "Marketing"]);
  });

  it("counts the seeded history in each scope: everyone, the team's two people, the member alone", async () => {
    const all = "?time=all&bucket=month";
    const [company, team, me, marketingView] = await Promise.all([
      insights(ld, all),
      insights(tl, all),
      insights(member, all),
      insights(hr, `${all}&scope=team&team=${marketing}`),
    ]);
    expect(company.kpis.active_learners.value).toBe(4);
    expect(team.kpis.active_learners.value).toBe(2);
    expect(me.kpis.active_learners.value).toBe(1);
    expect(marketingView.kpis.active_learners.value).toBe(0);
    for (const k of ["completions", "learning_time_s"] as const) {
      expect(me.kpis[k].value).toBeGreaterThan(0);
      expect(team.kpis[k].value).toBeGreaterThan(me.kpis[k].value);
      expect(company.kpis[k].value).toBeGreaterThan(team.kpis[k].value);
    }
    // The figures are the events' own: compare with a plain count over learning_events.
    const [raw] = await q(
      sql`select count(*)::int as n, sum(duration_s)::int as s, count(distinct account_id)::int as people from learning_events where company_id = ${acmeId} and kind in ('finish', 'item_done')`,
    );
    expect(company.kpis.completions.value).toBe(raw!.n);
    expect(company.kpis.learning_time_s.value).toBe(raw!.s);
    expect(company.series.reduce((n: number, p: { completions: number }) => n + p.completions, 0)).toBe(raw!.n);
    expect(company.top_content.length).toBeGreaterThan(0);
    expect(company.top_skills.length).toBeGreaterThan(0);
    expect(company.content_types.map((c: { content_type: string }) => c.content_type)).toContain("course");
  });

  it("fills every bucket of the window, with the window before for comparison", async () => {
    const days30 = await insights(ld, "?time=30d&bucket=day");
    expect(days30.series).toHaveLength(30);
    expect(days30.series.at(-1).period).toBe(new Date().toISOString().slice(0, 10));
    expect(days30.kpis.completions.previous).not.toBeNull();
    const days7 = await insights(ld, "?time=7d&bucket=day");
    expect(days7.series).toHaveLength(7);
    const months = await insights(ld, "?time=30d&bucket=month");
    expect(months.series.length).toBeGreaterThanOrEqual(1);
    expect(months.series.length).toBeLessThanOrEqual(2);
    // Distinct people per month, not a sum of days.
    expect(Math.max(...months.series.map((p: { active_learners: number }) => p.active_learners))).toBeLessThanOrEqual(4);
    const all = await insights(ld, "?time=all&bucket=month");
    expect(all.kpis.completions.previous).toBeNull();
    expect(all.series.length).toBeGreaterThanOrEqual(4);
    const day = await insights(ld, "?time=24h");
    expect(day.from).not.toBeNull();
  });

  it("keeps every company to itself", async () => {
    const own = await insights(globex, "?time=all");
    expect(own.kpis.active_learners.value).toBe(0);
    expect(JSON.stringify(own)).not.toMatch(/acme/i);
    // Promote the Globex member: as Globex's L&D leader they still see Globex only.
    const gid = (await globex.get("/api/me")).body.account.id;
    expect((await admin.patch(`/api/b2b/v1/admin/accounts/${gid}/`, { role: "ldleader" })).status).toBe(200);
    const company = await insights(globex, "?time=all&scope=company");
    expect(company.kpis.active_learners.value).toBe(0);
    expect(company.abilities.teams).toEqual([]);
    expect((await globex.get(`/api/b2b/v1/insights/?scope=team&team=${engineering}`)).status).toBe(404);
    expect((await globex.get(`/api/b2b/v1/insights/export.csv?table=top_content&time=all`)).text).not.toMatch(/acme|sql/i);
    await admin.patch(`/api/b2b/v1/admin/accounts/${gid}/`, { role: "member" });
  });
});

describe("events are recorded with the action", () => {
  const events = (kind: string, accountId: number) => q(sql`select * from learning_events where kind = ${kind} and account_id = ${accountId} order by id`);

  it("records a save, a start and one finish of a course with its duration and skills", async () => {
    const [course] = await q(sql`
      select id, duration_s, skills from content_items c where company_id = ${acmeId} and content_type = 'course'
        and not exists (select 1 from learning_events e where e.content_id = c.id and e.account_id = ${memberId}) order by id desc limit 1`);
    const before = (await events("save", memberId)).length;
    expect((await member.post("/api/user/courses", { id_course: Number(course!.id), completed: false })).status).toBe(201);
    const saves = await events("save", memberId);
    expect(saves.length).toBe(before + 1);
    const started = (await events("start", memberId)).filter((e) => Number(e.content_id) === Number(course!.id));
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ company_id: acmeId, team_id: engineering, content_type: "course", skills: course!.skills });
    await member.patch(`/api/user/courses?id_course=${course!.id}`, { completed: true });
    await member.patch(`/api/user/courses?id_course=${course!.id}`, { completed: true });
    await member.patch(`/api/user/courses?id_course=${course!.id}`, { completed: false });
    await member.patch(`/api/user/courses?id_course=${course!.id}`, { completed: true });
    const finished = (await events("finish", memberId)).filter((e) => Number(e.content_id) === Number(course!.id));
    expect(finished).toHaveLength(1);
    expect(Number(finished[0]!.duration_s)).toBe(Number(course!.duration_s));
    // And the dashboard counts it today.
    const today = await insights(member, "?time=24h");
    expect(today.kpis.completions.value).toBeGreaterThanOrEqual(1);
    expect(today.top_content.map((c: { content_id: number }) => c.content_id)).toContain(Number(course!.id));
  });

  it("records plans assigned to each assignee, team members included", async () => {
    await story(0);
    // The team's leader by name: a team plan leaves its leader out.
    const plan = await w.ld.post("/api/b2b/v1/plans/", {
      title: PLAN,
      deadline: "2024-01-31",
      skills: { sql: { collections: [w.collectionId] } },
      selectedTeam: [w.engineering],
      selectedAccount: [w.tlId],
    });
    expect(plan.status, plan.text).toBe(201);
    w.planId = plan.body.id;
    const assigned = await q(
      sql`select account_id, actor_id, skills from learning_events where kind = 'plan_assigned' and plan_id = ${w.planId} order by account_id`,
    );
    expect(assigned.map((r) => Number(r.account_id)).sort()).toEqual([w.memberId, w.tlId].sort());
    expect(assigned[0]).toMatchObject({ skills: ["sql"] });
    // Assigning again (directly now) records nothing new.
    await w.ld.post(`/api/b2b/v1/plans/${w.planId}/assignees/`, { selectedAccount: [w.memberId] });
    expect((await q(sql`select 1 from learning_events where kind = 'plan_assigned' and plan_id = ${w.planId}`)).length).toBe(2);
  });

  it("records no decision when the decision fails, and one when it is made", async () => {
    await story(0);
    const req = (await w.member.post("/api/b2b/v1/purchase-requests/", { title: "SQL course", price_minor: 5_000 })).body;
    expect(await w.ld.post(`/api/b2b/v1/purchase-requests/${req.id}/approve/`, {})).toMatchObject({
      status: 409,
      body: { error: { code: "team_budget_missing" } },
    }); // no budget yet
    expect((await q(sql`select 1 from learning_events where kind = 'request_decided' and request_id = ${req.id}`)).length).toBe(0);
    expect((await w.ld.post(`/api/b2b/v1/purchase-requests/${req.id}/reject/`, { reason: "Not this quarter" })).status).toBe(200);
    const decided = await q(sql`select account_id, actor_id, outcome from learning_events where kind = 'request_decided' and request_id = ${req.id}`);
    expect(decided).toEqual([{ account_id: w.memberId, actor_id: Number((await w.ld.get("/api/me")).body.account.id), outcome: "rejected" }]);
  });
});

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

describe("CSV export", () => {
  it("exports every table, with headers, and escapes cells that look like formulas", async () => {
    await story(2);
    for (const table of ["series", "top_skills", "top_content", "content_types", "plans", "overdue", "budget", "pending"]) {
      const res = await w.ld.get(`/api/b2b/v1/insights/export.csv?table=${table}&time=all&bucket=month`);
      expect(res.status, table).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/csv/);
      expect(res.headers["content-disposition"]).toMatch(
        new RegExp(`attachment; filename="insights-${table.replace(/_/g, "-")}-company-all-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
      );
      expect(res.text.split(/\r?\n/)[0]!.length).toBeGreaterThan(0);
    }
    const plans = Papa.parse<Record<string, string>>((await w.ld.get("/api/b2b/v1/insights/export.csv?table=plans")).text, { header: true }).data;
    expect(plans.find((p) => p.title?.includes("Overdue SQL plan"))!.title).toBe(`'${PLAN}`);
    const overdue = Papa.parse<Record<string, string>>((await w.ld.get("/api/b2b/v1/insights/export.csv?table=overdue")).text, { header: true }).data.filter(
      (r) => r.name,
    );
    expect(overdue).toEqual([expect.objectContaining({ name: "Tessa Lind", email: w.tlEmail, team: "Engineering", plan: `'${PLAN}`, deadline: "2024-01-31" })]);
    // Every content row the dashboard shows is in the file, in the same order.
    const shown = (await insights(w.ld, "?time=all")).top_content.map((c: { title: string }) => c.title);
    const exported = Papa.parse<Record<string, string>>((await w.ld.get("/api/b2b/v1/insights/export.csv?table=top_content&time=all")).text, {
      header: true,
    }).data.map((r) => r.title);
    expect(exported.slice(0, shown.length)).toEqual(shown);
  });

  it("keeps the member's export to themselves", async () => {
    const res = await member.get("/api/b2b/v1/insights/export.csv?table=overdue");
    expect(res.headers["content-disposition"]).toContain("insights-overdue-me-30d");
    expect(res.text).not.toContain("Tessa Lind");
  });
});

describe("pre-aggregations", () => {
  it("a rebuild from the events gives the same dashboard as recording them one by one", async () => {
    const views = [
      "?time=all&bucket=month",
      "?time=all&bucket=day",
      "?time=30d&bucket=day",
      "?time=30d&bucket=month",
      "?time=7d",
      `?scope=team&team=${engineering}&time=all`,
    ];
    const strip = (b: Record<string, unknown>) => ({ ...b, generated_at: null, from: null });
    const before = await Promise.all(views.map((v) => insights(ld, v).then(strip)));
    await t.database.db.transaction((tx) => rebuildRollups(tx, acmeId));
    const after = await Promise.all(views.map((v) => insights(ld, v).then(strip)));
    expect(after).toEqual(before);
  });
});

describe("plan progress kept by the database", () => {
  // What insight_plan_done must hold: items of each plan each person has done, recounted from scratch.
  const recount = sql`
    select pc.plan_id, d.account_id, count(distinct d.content_id)::int as done
    from plan_collections pc join collection_items ci on ci.collection_id = pc.collection_id
    join (select account_id, content_id from content_progress union select account_id, content_id from user_contents where course_status = 'finalized') d on d.content_id = ci.content_id
    group by 1, 2 order by 1, 2`;
  const kept = sql`select plan_id, account_id, done from insight_plan_done where done > 0 order by 1, 2`;
  const agrees = async (step: string) => expect(await q(kept), step).toEqual(await q(recount));

  it("agrees with a recount through progress, library courses, path edits and plan deletion", async () => {
    const [course, extra] = await q(sql`
      select id from content_items c where company_id = ${acmeId} and content_type = 'course'
        and not exists (select 1 from user_contents u where u.content_id = c.id and u.account_id = ${memberId}) order by id limit 2`);
    const path = (await member.post("/api/b2b/v1/collections/", { title: "Course path" })).body;
    await member.post(`/api/b2b/v1/collections/${path.id}/items/`, { content_id: Number(course!.id) });
    const publish = (await member.post("/api/b2b/v1/publish-requests/", { collection_id: path.id })).body;
    await ld.post(`/api/b2b/v1/publish-requests/${publish.id}/accept/`, {});
    const plan = (
      await ld.post("/api/b2b/v1/plans/", {
        title: "Course plan",
        skills: { leadership: { collections: [path.id, acmePathId] } },
        selectedAccount: [memberId],
      })
    ).body;
    await agrees("plan created over paths already done in part");
    await member.post("/api/user/courses", { id_course: Number(course!.id), completed: true });
    await agrees("course finalized in the library");
    await member.patch(`/api/user/courses?id_course=${course!.id}`, { completed: false });
    await agrees("course running again");
    const saved = (await member.post("/api/user/courses", { id_course: Number(course!.id), completed: true })).body;
    await member.delete(`/api/contentuser/delete/?id_primary=${saved.id_primary}`);
    await agrees("finalized course removed from the library");
    const added = (await member.post(`/api/b2b/v1/collections/${path.id}/items/`, { content_id: Number(extra!.id) })).body;
    await member.post(`/api/b2b/v1/collections/${path.id}/progress/`, { item_id: added.items.at(-1).id, done: true });
    await agrees("item added to a path and done");
    await member.post(`/api/b2b/v1/collections/${acmePathId}/progress/`, { item_id: acmeItemIds[1], done: false });
    await agrees("item undone");
    await member.delete(`/api/b2b/v1/collections/${path.id}/items/${added.items.at(-1).id}/`);
    await agrees("item removed from the path");
    expect((await ld.delete(`/api/b2b/v1/plans/${plan.id}/`)).status).toBe(204);
    await agrees("plan deleted");
    expect((await q(sql`select 1 from insight_plan_done where plan_id = ${plan.id}`)).length).toBe(0);
  });
});
