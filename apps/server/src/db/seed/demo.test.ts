// The quick start's demo looks alive, and its insights say what its pages show.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, DEMO, DEMO_PASSWORD, type Client, type TestContext } from "../../../test/helpers.ts";
import { isEmpty, seedDemo } from "./index.ts";
import { COLLEAGUES } from "./demo-world-data.ts";

let t: TestContext;
let seedMs: number;
let ld: Client, hr: Client, member: Client;
const today = new Date().toISOString().slice(0, 10);
/** Everyone at Acme who learns: the demo accounts and their colleagues. */
const ACME = [DEMO.hr, DEMO.ldleader, DEMO.teamleader, DEMO.member, ...COLLEAGUES.map((c) => c.email)];

const get = async (c: Client, url: string) => {
  const res = await c.get(url);
  expect(res.status, `${url}: ${res.text}`).toBe(200);
  return res.body;
};

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  const started = Date.now();
  await seedDemo(t.database.db, { password: DEMO_PASSWORD, auth: t.app.auth, world: true });
  seedMs = Date.now() - started;
  [ld, hr, member] = await Promise.all([t.as(DEMO.ldleader), t.as(DEMO.hr), t.as(DEMO.member)]);
});
afterAll(() => t.close());

describe("the demo company at work", () => {
  it("seeds once, quickly, and keeps the demo accounts and their password", async () => {
    expect(seedMs).toBeLessThan(15_000);
    expect(await isEmpty(t.database.db)).toBe(false);
    for (const email of [DEMO.hr, DEMO.ldleader, DEMO.teamleader, DEMO.member, DEMO.globex]) expect((await t.as(email)).token).toBeTruthy();
    expect((await get(member, "/api/me")).account.role).toBe("member");
  });

  it("has published learning paths with sections, followers and progress, and one waiting to be published", async () => {
    const library = await get(member, "/api/b2b/v1/collections/?page_size=50");
    expect(library.count).toBeGreaterThanOrEqual(3);
    const path = await get(member, `/api/b2b/v1/collections/${library.results[0].id}/`);
    expect(path.sections.length).toBeGreaterThanOrEqual(1);
    expect(path.items.length).toBeGreaterThanOrEqual(3);
    const following = await get(member, "/api/b2b/v1/collections/?scope=following&page_size=50");
    expect(following.count).toBeGreaterThanOrEqual(1);
    expect(following.results.some((c: { progress: { done: number } }) => c.progress.done > 0)).toBe(true);
    expect((await get(ld, "/api/b2b/v1/publish-requests/?scope=queue&status=pending")).count).toBe(1);
  });

  it("has an overdue plan and one due next week, with people in every state", async () => {
    const plans = (await get(ld, "/api/b2b/v1/plans/?page_size=50")).results as { id: number; deadline: string; overdue_count: number }[];
    expect(plans).toHaveLength(2);
    expect(plans.some((p) => p.deadline < today && p.overdue_count > 0)).toBe(true);
    const soon = plans.find((p) => p.deadline > today)!;
    expect((Date.parse(soon.deadline) - Date.parse(today)) / 86_400_000).toBe(7);
    const statuses = new Set<string>();
    for (const p of plans) for (const a of (await get(ld, `/api/b2b/v1/plans/${p.id}/assignees/?page_size=100`)).results) statuses.add(a.status);
    expect([...statuses].sort()).toEqual(["active", "completed", "pending", "rejected"]);
    const tasks = (await get(member, "/api/b2b/v1/my-tasks/?status=all")).results as { overdue: boolean }[];
    expect(tasks).toHaveLength(2);
    expect(tasks.filter((x) => x.overdue)).toHaveLength(1);
  });

  it("has this year's budget for both teams and purchase requests in every state", async () => {
    const budgets = (await get(ld, "/api/b2b/v1/budgets/")).results as {
      period_start: string;
      period_end: string;
      allocations: { team: { name: string } }[];
    }[];
    const current = budgets.find((b) => b.period_start <= today && today <= b.period_end)!;
    expect(current.allocations.map((a) => a.team.name).sort()).toEqual(["Engineering", "Marketing"]);
    const requests = (await get(ld, "/api/b2b/v1/purchase-requests/?scope=decide&status=all&page_size=100")).results as { status: string }[];
    expect([...new Set(requests.map((r) => r.status))].sort()).toEqual(["approved", "paid", "pending", "rejected"]);
    expect((await get(hr, "/api/b2b/v1/invite-requests/?status=pending")).count).toBeGreaterThanOrEqual(1);
  });

  it("gives each demo person a library in every state and a folder with sections", async () => {
    for (const email of [DEMO.member, DEMO.teamleader, DEMO.ldleader, DEMO.hr]) {
      const me = await t.as(email);
      const counts = await get(me, "/api/contentuser/counts");
      expect(counts.wishlistCount, email).toBeGreaterThan(0);
      expect(counts.runningCount, email).toBeGreaterThan(0);
      expect(counts.finalizedCount, email).toBeGreaterThan(0);
      expect(counts.articlesCount + counts.videosCount + counts.booksCount + counts.podcastsCount, email).toBeGreaterThan(0);
      const folders = await get(me, "/api/user/folder");
      expect(folders.length, email).toBeGreaterThanOrEqual(1);
      expect((await get(me, `/api/user/folder/${folders[0].id}/section`)).length, email).toBeGreaterThanOrEqual(1);
    }
  });

  it("reports in insights what the pages show: completions, pending requests, budget used and overdue people", async () => {
    const insights = await get(ld, "/api/b2b/v1/insights/?time=all&bucket=month");

    // Completions: everyone's finished library items plus the path items each has ticked (courses count once, as finished).
    let completions = 0;
    const paths = (await get(ld, "/api/b2b/v1/collections/?page_size=50")).results as { id: number }[];
    for (const email of ACME) {
      const me = await t.as(email);
      completions += (await get(me, "/api/contentuser/search?contenType=all,job&completed=true&page_size=1")).count;
      const done = new Set<number>();
      for (const p of paths) {
        for (const item of (await get(me, `/api/b2b/v1/collections/${p.id}/`)).items as {
          done: boolean;
          content: { id_content: number; content_type: string };
        }[]) {
          if (item.done && item.content.content_type !== "course") done.add(item.content.id_content);
        }
      }
      completions += done.size;
    }
    expect(insights.kpis.completions.value).toBeGreaterThan(20);
    expect(insights.kpis.completions.value).toBe(completions);

    const pending = Object.fromEntries((insights.pending as { kind: string; count: number }[]).map((p) => [p.kind, p.count]));
    expect(pending.purchase_requests).toBe((await get(ld, "/api/b2b/v1/purchase-requests/?scope=decide&status=pending")).count);
    expect(pending.publish_requests).toBe((await get(ld, "/api/b2b/v1/publish-requests/?scope=queue&status=pending")).count);
    const hrPending = Object.fromEntries(((await get(hr, "/api/b2b/v1/insights/")).pending as { kind: string; count: number }[]).map((p) => [p.kind, p.count]));
    expect(hrPending.invite_requests).toBe((await get(hr, "/api/b2b/v1/invite-requests/?status=pending")).count);

    const held = (await get(ld, "/api/b2b/v1/purchase-requests/?scope=decide&status=all&page_size=100")).results as { status: string; price_minor: number }[];
    const budget = (await get(ld, "/api/b2b/v1/budgets/")).results.find((b: { id: number }) => b.id === insights.budget.budget_id);
    expect(insights.budget.used_minor).toBeGreaterThan(0);
    expect(insights.budget.used_minor).toBe(held.filter((r) => r.status === "approved" || r.status === "paid").reduce((n, r) => n + r.price_minor, 0));
    expect(insights.budget.allocated_minor).toBe(budget.allocated_minor);

    const overdue = new Set<number>();
    for (const p of (await get(ld, "/api/b2b/v1/plans/?page_size=50")).results) {
      for (const a of (await get(ld, `/api/b2b/v1/plans/${p.id}/assignees/?page_size=100`)).results) if (a.overdue) overdue.add(a.account.id);
    }
    expect(overdue.size).toBeGreaterThan(0);
    expect(insights.kpis.overdue_people.value).toBe(overdue.size);
  });
});
