import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usagePoints } from "./budgeting.periods.ts";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { eq } from "drizzle-orm";
import { budgetAudit } from "../../db/schema/index.ts";
import { addPerson, createCompany, createCompanyWithRoles, createTeam } from "../../../test/factories.ts";

let t: TestContext;
let hr: Client, ld: Client, tl: Client, member: Client, globex: Client;
let engineering: number;
let company: number;
let marketing: number;
let budgetId: number;
/** The first purchase request of the story: SQL course, approved by the team leader, later paid. */
let first: number;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

/**
 * The year of a company of its own, told up to `stage`, so each test starts where the story has got
 * to and no test depends on another having run: 0 the company (Engineering led by Tessa Lind, with
 * a member, and Marketing) and another company's member; 1 this year's budget; 2 its allocations;
 * 3 the member's SQL course approved; 4 a request rejected, the SQL course paid, a book cancelled.
 */
async function story(stage: 0 | 1 | 2 | 3 | 4) {
  const world = await createCompanyWithRoles(t, { teamName: "Engineering", names: { teamleader: "Tessa Lind" } });
  [hr, ld, tl, member] = [world.hr.client, world.ldleader.client, world.teamleader.client, world.member.client];
  engineering = world.team.id;
  company = world.company.id;
  marketing = (await createTeam(t, { company: world.company.id, name: "Marketing" })).id;
  globex = (await addPerson(t, { company: (await createCompany(t)).id, role: "member" })).client;
  if (stage < 1) return;
  budgetId = (await ld.post("/api/b2b/v1/budgets/", { period: "year", period_start: `${year}-01-01`, amount_minor: 1_000_000, frequency: "yearly" })).body.id;
  if (stage < 2) return;
  await ld.post(`/api/b2b/v1/budgets/${budgetId}/allocations/`, { team_id: engineering, amount_minor: 600_000 });
  await ld.post(`/api/b2b/v1/budgets/${budgetId}/allocations/`, { team_id: marketing, amount_minor: 400_000 });
  if (stage < 3) return;
  first = (await ask(member, 25_000, "SQL course")).body.id;
  expect((await tl.post(`/api/b2b/v1/purchase-requests/${first}/approve/`, {})).status).toBe(200);
  if (stage < 4) return;
  await ld.post(`/api/b2b/v1/purchase-requests/${(await ask(member, 5_000, "Podcast app")).body.id}/reject/`, { reason: "Not learning content" });
  expect((await ld.post(`/api/b2b/v1/purchase-requests/${first}/pay/`, { reference: "INV-2026-001", paid_at: `${year}-03-04` })).status).toBe(200);
  const another = (await ask(member, 10_000, "Book")).body.id;
  await tl.post(`/api/b2b/v1/purchase-requests/${another}/approve/`, {});
  expect((await member.post(`/api/b2b/v1/purchase-requests/${another}/cancel/`, {})).status).toBe(200);
}

const ask = (c: Client, price: number, title = "Course") =>
  c.post("/api/b2b/v1/purchase-requests/", { title, link: "https://www.udemy.com/course/x/", price_minor: price, reason: "For my plan" });

describe("budgets and allocations", () => {
  it("refuses callers who may not set or see budgets", async () => {
    await story(0);
    expect((await t.anonymous.get("/api/b2b/v1/budgets/")).status).toBe(401);
    expect((await member.get("/api/b2b/v1/budgets/")).status).toBe(403);
    expect((await hr.post("/api/b2b/v1/budgets/", { period: "year", period_start: `${year}-01-01`, amount_minor: 100 })).status).toBe(403);
    expect((await tl.post("/api/b2b/v1/budgets/", { period: "year", period_start: `${year}-01-01`, amount_minor: 100 })).status).toBe(403);
    expect((await member.get("/api/b2b/v1/budget-audit/")).status).toBe(403);
  });

  it("the L&D leader sets a yearly budget in the company's currency, once per period", async () => {
    await story(0);
    const created = await ld.post("/api/b2b/v1/budgets/", { period: "year", period_start: `${year}-01-01`, amount_minor: 1_000_000, frequency: "yearly" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      period: "year",
      period_end: `${year}-12-31`,
      currency: "USD",
      amount_minor: 1_000_000,
      unallocated_minor: 1_000_000,
      frequency: "yearly",
    });
    budgetId = created.body.id;
    expect(await ld.post("/api/b2b/v1/budgets/", { period: "year", period_start: `${year}-01-01`, amount_minor: 5 })).toMatchObject({
      status: 409,
      body: { error: { code: "budget_period_taken" } },
    });
    expect(await ld.post("/api/b2b/v1/budgets/", { period: "month", period_start: `${year}-02-03`, amount_minor: 5 })).toMatchObject({
      status: 400,
      body: { error: { code: "budget_start_invalid" } },
    });
    expect((await ld.post("/api/b2b/v1/budgets/", { period: "year", period_start: `${year}-01-01`, amount_minor: 10.5 })).status).toBe(400);
    expect((await ld.post("/api/b2b/v1/budgets/", { period: "month", period_start: `${year}-02-01`, amount_minor: -1 })).status).toBe(400);
  });

  it("allocations never add up to more than the budget", async () => {
    await story(1);
    expect((await ld.post(`/api/b2b/v1/budgets/${budgetId}/allocations/`, { team_id: engineering, amount_minor: 600_000 })).body.allocated_minor).toBe(600_000);
    const over = await ld.post(`/api/b2b/v1/budgets/${budgetId}/allocations/`, { team_id: marketing, amount_minor: 400_001 });
    expect(over.status).toBe(409);
    expect(over.body.error).toMatchObject({ code: "allocations_exceed_budget", details: { available_minor: 400_000 } });
    expect((await ld.post(`/api/b2b/v1/budgets/${budgetId}/allocations/`, { team_id: marketing, amount_minor: 400_000 })).body.unallocated_minor).toBe(0);
    expect(await ld.patch(`/api/b2b/v1/budgets/${budgetId}/`, { amount_minor: 999_999 })).toMatchObject({
      status: 409,
      body: { error: { code: "budget_below_allocated" } },
    });
    expect((await globex.get(`/api/b2b/v1/budgets/${budgetId}/`)).status).toBe(403);
  });

  it("shows a team leader only their team's allocation", async () => {
    await story(2);
    const seen = (await tl.get("/api/b2b/v1/budgets/?current=true")).body.results[0];
    expect(seen.allocations.map((a: { team: { id: number } }) => a.team.id)).toEqual([engineering]);
  });
});

describe("purchase requests", () => {
  it("a member asks; their team leader approves within the team's budget and the amount is reserved", async () => {
    await story(2);
    const asked = await ask(member, 25_000, "SQL course");
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ status: "pending", currency: "USD", team: { id: engineering }, abilities: { approve: false, cancel: true } });
    first = asked.body.id;
    expect((await tl.get(`/api/b2b/v1/purchase-requests/${first}/`)).body.abilities).toMatchObject({ approve: true, reject: true, pay: false });
    const approved = await tl.post(`/api/b2b/v1/purchase-requests/${first}/approve/`, {});
    expect(approved.body).toMatchObject({ status: "approved", budget_id: budgetId, decided_by: { display_name: "Tessa Lind" } });
    expect((await tl.post(`/api/b2b/v1/purchase-requests/${first}/approve/`, {})).status).toBe(200);
    const eng = (await ld.get(`/api/b2b/v1/budgets/${budgetId}/allocations/`)).body.find((a: { team: { id: number } }) => a.team.id === engineering);
    expect(eng).toMatchObject({ reserved_minor: 25_000, remaining_minor: 575_000 });
  });

  it("refuses what people may not do", async () => {
    await story(3);
    const mine = await ask(tl, 1_000);
    expect((await tl.post(`/api/b2b/v1/purchase-requests/${mine.body.id}/approve/`, {})).status).toBe(403); // not their own
    expect((await member.post(`/api/b2b/v1/purchase-requests/${mine.body.id}/approve/`, {})).status).toBe(403);
    expect((await member.get(`/api/b2b/v1/purchase-requests/${mine.body.id}/`)).status).toBe(404);
    expect((await globex.get(`/api/b2b/v1/purchase-requests/${mine.body.id}/`)).status).toBe(404);
    expect((await ld.post(`/api/b2b/v1/purchase-requests/${mine.body.id}/reject/`, {})).status).toBe(400); // reason required
    expect((await tl.post(`/api/b2b/v1/purchase-requests/${first}/pay/`, { reference: "X" })).status).toBe(403);
    expect((await member.get("/api/b2b/v1/purchase-requests/?scope=decide")).status).toBe(403);
    expect((await ask(member, 0)).status).toBe(400);
    expect(await ask(ld, 100)).toMatchObject({ status: 400, body: { error: { code: "team_required" } } }); // no team
  });

  it("the L&D leader rejects with a reason and records the payment; cancelling releases the reservation", async () => {
    await story(3);
    const toReject = await ask(member, 5_000, "Podcast app");
    const rejected = await ld.post(`/api/b2b/v1/purchase-requests/${toReject.body.id}/reject/`, { reason: "Not learning content" });
    expect(rejected.body).toMatchObject({ status: "rejected", rejection_reason: "Not learning content" });
    const paid = await ld.post(`/api/b2b/v1/purchase-requests/${first}/pay/`, { reference: "INV-2026-001", paid_at: `${year}-03-04` });
    expect(paid.body).toMatchObject({ status: "paid", paid_at: `${year}-03-04`, payment_reference: "INV-2026-001" });
    expect(await member.post(`/api/b2b/v1/purchase-requests/${first}/cancel/`, {})).toMatchObject({
      status: 409,
      body: { error: { code: "request_already_decided" } },
    }); // paid: too late
    const another = await ask(member, 10_000, "Book");
    await tl.post(`/api/b2b/v1/purchase-requests/${another.body.id}/approve/`, {});
    expect((await member.post(`/api/b2b/v1/purchase-requests/${another.body.id}/cancel/`, {})).body.status).toBe("cancelled");
    const eng = (await ld.get(`/api/b2b/v1/budgets/${budgetId}/allocations/`)).body.find((a: { team: { id: number } }) => a.team.id === engineering);
    expect(eng).toMatchObject({ reserved_minor: 0, paid_minor: 25_000, remaining_minor: 575_000 });
  });

  it("charts committed and paid money over the period, month by month, for the team's leader and the L&D leader", async () => {
    await story(4);
    const month = new Date().getUTCMonth();
    const usage = await tl.get(`/api/b2b/v1/budgets/${budgetId}/usage/`);
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({ budget_id: budgetId, team_id: engineering, step: "month", allocated_minor: 600_000 });
    expect(usage.body.points).toHaveLength(month + 1);
    expect(usage.body.points[2]).toMatchObject({ start: `${year}-03-01`, end: `${year}-03-31`, paid_minor: 25_000 });
    // The cancelled request no longer holds anything; the paid one was approved this month.
    expect(usage.body.points.at(-1)).toMatchObject({ committed_minor: 25_000, paid_minor: 25_000 });
    const whole = await ld.get(`/api/b2b/v1/budgets/${budgetId}/usage/`);
    expect(whole.body).toMatchObject({ team_id: null, allocated_minor: 1_000_000 });
    const other = await ld.get(`/api/b2b/v1/budgets/${budgetId}/usage/?team=${marketing}`);
    expect(other.body).toMatchObject({ team_id: marketing, allocated_minor: 400_000 });
    expect(other.body.points.at(-1)).toMatchObject({ committed_minor: 0, paid_minor: 0 });
    expect((await tl.get(`/api/b2b/v1/budgets/${budgetId}/usage/?team=${marketing}`)).status).toBe(403);
    expect((await member.get(`/api/b2b/v1/budgets/${budgetId}/usage/`)).status).toBe(403);
    expect((await ld.get(`/api/b2b/v1/budgets/${budgetId}/usage/?team=999999`)).status).toBe(404);
    expect((await ld.get(`/api/b2b/v1/budgets/999999/usage/`)).status).toBe(404);
  });

  it("filters by status, sorts, and lists the team's queue for its leader", async () => {
    await story(4);
    const mine = await member.get("/api/b2b/v1/purchase-requests/?status=rejected");
    expect(mine.body.results.map((r: { title: string }) => r.title)).toEqual(["Podcast app"]);
    const asc = await member.get("/api/b2b/v1/purchase-requests/?sort=asc&period=year");
    expect(asc.body.results[0].title).toBe("SQL course");
    // Their own request is not theirs to decide: it waits for the L&D leader.
    const queue = await tl.get("/api/b2b/v1/purchase-requests/?scope=decide&status=all");
    expect(queue.body.count).toBe(3);
  });

  it("exports requests as CSV for finance, safe from spreadsheet formulas", async () => {
    await story(4);
    await ask(member, 1_234, '=HYPERLINK("http://evil")');
    const res = await t.app.inject({
      method: "GET",
      url: "/api/b2b/v1/purchase-requests/export.csv?status=all",
      headers: { authorization: `Bearer ${ld.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/csv/);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe("id,created_at,title,link,team,requested_by,price,currency,status,decided_by,decided_at,paid_at,payment_reference");
    expect(res.body).toContain("SQL course");
    expect(res.body).toContain(",250.00,USD,paid,");
    expect(res.body).not.toMatch(/,=HYPERLINK/);
    expect((await tl.get("/api/b2b/v1/purchase-requests/export.csv")).status).toBe(403);
  });

  it("keeps an audit trail of every budget and request change with who, before and after, newest first by when it happened", async () => {
    await story(4);
    const audit = await ld.get(`/api/b2b/v1/budget-audit/?entity=purchase_request&entity_id=${first}`);
    expect(audit.body.results.map((e: { action: string }) => e.action)).toEqual(["pay", "approve", "create"]);
    expect(audit.body.results[1]).toMatchObject({ actor: { display_name: "Tessa Lind" }, before: { status: "pending" }, after: { status: "approved" } });
    expect((await ld.get("/api/b2b/v1/budget-audit/?entity=allocation")).body.count).toBe(2);

    // History brought in from elsewhere (a migration, the demo) is written out of order: here the
    // budget is recorded before its allocations but was changed after them, and most changes
    // share one moment.
    const day = (d: number) => new Date(Date.UTC(year, 0, d, 9));
    const rows = await t.database.db.select().from(budgetAudit).where(eq(budgetAudit.companyId, company));
    const at = (entity: string, action: string, id?: number) =>
      rows.filter((r) => r.entity === entity && r.action === action && (id === undefined || r.entityId === id)).map((r) => r.id);
    const set = async (ids: number[], when: Date) => {
      for (const id of ids) await t.database.db.update(budgetAudit).set({ createdAt: when }).where(eq(budgetAudit.id, id));
    };
    await set(
      rows.map((r) => r.id),
      day(1),
    );
    await set(at("purchase_request", "approve", first), day(20));
    await set(at("purchase_request", "create", first), day(10));
    await set(at("budget", "create"), day(4));
    await set(at("allocation", "create"), day(3));
    const trail = (await ld.get("/api/b2b/v1/budget-audit/")).body;
    expect(trail.results.map((e: { entity: string; action: string }) => `${e.entity} ${e.action}`)).toEqual([
      "purchase_request approve",
      "purchase_request create",
      "budget create",
      "allocation create",
      "allocation create",
      // The rest happened at one moment: the order they were recorded in, newest first.
      "purchase_request cancel",
      "purchase_request approve",
      "purchase_request create",
      "purchase_request pay",
      "purchase_request reject",
      "purchase_request create",
    ]);
    const [marketingEntry, engineeringEntry] = trail.results.slice(3, 5);
    expect(marketingEntry.id).toBeGreaterThan(engineeringEntry.id);
    // Codes for machines, and what a person needs to say what changed in their own words.
    expect(trail.results[0]).toMatchObject({ action: "approve", subject: { title: "SQL course", team: "Engineering" } });
    expect(marketingEntry).toMatchObject({ action: "create", subject: { team: "Marketing", period: "year", period_start: `${year}-01-01` } });
    expect(trail.results[2]).toMatchObject({ subject: { title: null, team: null, period: "year", period_start: `${year}-01-01` } });
  });
});

describe("concurrent approvals", () => {
  it("50 approvals at once against a budget that fits 10: exactly 10 approved, never overspent", async () => {
    await story(2);
    const month = new Date().toISOString().slice(0, 7);
    const b = await ld.post("/api/b2b/v1/budgets/", { period: "month", period_start: `${month}-01`, amount_minor: 100_000 });
    await ld.post(`/api/b2b/v1/budgets/${b.body.id}/allocations/`, { team_id: engineering, amount_minor: 10_000 });
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) ids.push((await ask(member, 1_000, `Race ${i}`)).body.id);
    const results = await Promise.all(ids.map((id) => tl.post(`/api/b2b/v1/purchase-requests/${id}/approve/`, {})));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    const alloc = (await ld.get(`/api/b2b/v1/budgets/${b.body.id}/allocations/`)).body[0];
    expect(alloc).toMatchObject({ reserved_minor: 10_000, remaining_minor: 0 });
    // Each refusal names itself and what the person needs to know.
    for (const lost of results.filter((r) => r.status === 409))
      expect(lost.body.error).toMatchObject({ code: "budget_exceeded", details: { remaining_minor: 0, price_minor: 1_000 } });
    const lower = await ld.post(`/api/b2b/v1/budgets/${b.body.id}/allocations/`, { team_id: engineering, amount_minor: 5_000 });
    expect(lower).toMatchObject({ status: 409, body: { error: { code: "allocation_below_committed", details: { used_minor: 10_000 } } } });
  });
});

describe("usage over a monthly budget", () => {
  it("has one point per day up to today, cumulative", () => {
    const points = usagePoints(
      { period: "month", periodStart: "2026-02-01", periodEnd: "2026-02-28" },
      [
        { price: 500, decidedAt: new Date("2026-02-02T10:00:00Z"), paidAt: "2026-02-05" },
        { price: 300, decidedAt: new Date("2026-02-05T23:00:00Z"), paidAt: null },
      ],
      "2026-02-06",
    );
    expect(points.map((p) => [p.start, p.committed_minor, p.paid_minor])).toEqual([
      ["2026-02-01", 0, 0],
      ["2026-02-02", 500, 0],
      ["2026-02-03", 500, 0],
      ["2026-02-04", 500, 0],
      ["2026-02-05", 800, 500],
      ["2026-02-06", 800, 500],
    ]);
    expect(usagePoints({ period: "month", periodStart: "2026-02-01", periodEnd: "2026-02-28" }, [], "2027-01-01")).toHaveLength(28);
    expect(usagePoints({ period: "year", periodStart: "2027-01-01", periodEnd: "2027-12-31" }, [], "2026-11-22")).toEqual([]);
  });
});
