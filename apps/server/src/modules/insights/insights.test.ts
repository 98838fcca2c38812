// The insights dashboard for each role's scope, the events behind it, its CSV export and its pre-aggregations.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { createTestContext, DEMO, type Client, type TestContext } from "../../../test/helpers.ts";
import { rebuildRollups } from "./insights.events.repo.ts";
import { insights, PLAN, tellStory, type StoryStage, type StoryWorld } from "../../../test/insights-story.ts";

let t: TestContext;
let hr: Client, ld: Client, tl: Client, member: Client, globex: Client, admin: Client;
let engineering: number, marketing: number, memberId: number, acmeId: number;
let acmePathId: number;
let acmeItemIds: number[];
/** The company of the test running now, told up to its stage (see `tellStory`). */
let w: StoryWorld;
const story = async (stage: StoryStage) => {
  w = await tellStory(t, stage);
};

const q = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as { rows: Record<string, unknown>[] }).rows;

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

describe("the company's figures after an action", () => {
  it("are brought up to date by the fold job between reads, the action itself taking no shared row", async () => {
    const saves = sql`select coalesce(sum(n), 0)::int as n from insight_totals where company_id = ${acmeId} and team_key = -1 and grain = 'month' and kind = 'save'`;
    const waiting = sql`select count(*)::int as n from insight_unfolded`;
    await t.app.jobs.send("insights.fold", {});
    await t.app.jobs.drain();
    const [before] = await q(saves);
    expect((await member.post("/api/contentuser/save/", { url: "https://blog.example.org/fold-me", title: "Fold me", fetch_metadata: false })).status).toBe(
      201,
    );
    // Every writer of the company would wait on these rows until the action committed.
    expect(await q(saves)).toEqual([before]);
    expect(await q(waiting)).toEqual([{ n: 1 }]);
    await t.app.jobs.send("insights.fold", {});
    await t.app.jobs.drain();
    expect(await q(saves)).toEqual([{ n: Number(before!.n) + 1 }]);
    expect(await q(waiting)).toEqual([{ n: 0 }]);
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
