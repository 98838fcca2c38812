import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, DEMO, type Client, type Res, type TestContext } from "../../../test/helpers.ts";

/**
 * Money changes racing each other through the API. PGlite runs one transaction at a
 * time and never shows these races; CI's "API suite on PostgreSQL 15" runs this file on a real
 * server, where an approval could reserve against an allocation that a concurrent cut lowered.
 */
/** Rounds per race on PostgreSQL (before the fix every round of each race with a cut broke a rule); PGlite can't race, one will do. */
let rounds = 3;
const PRICE = 5_000;
const month = new Date().toISOString().slice(0, 7);

let t: TestContext;
let admin: Client, ld: Client, tl: Client, member: Client;
let engineering: number;
let budgetId: number;

type Allocation = { team: { id: number; name: string }; amount_minor: number; reserved_minor: number; paid_minor: number };
type Budget = { id: number; amount_minor: number; allocated_minor: number; allocations: Allocation[] };
type Call = { label: string; run: () => Promise<Res> };

beforeAll(async () => {
  t = await createTestContext();
  if (t.database.kind === "pglite") rounds = 1;
  [admin, ld, tl, member] = (await Promise.all([DEMO.admin, DEMO.ldleader, DEMO.teamleader, DEMO.member].map((e) => t.as(e)))) as [
    Client,
    Client,
    Client,
    Client,
  ];
  engineering = (await tl.get("/api/me")).body.account.team.id;
  const marketing = (await ld.get("/api/b2b/v1/teams/?search=Marketing")).body.results[0].id;
  // A monthly budget covers today, so approvals reserve against it; Marketing holds a share of it.
  const created = await ld.post("/api/b2b/v1/budgets/", { period: "month", period_start: `${month}-01`, amount_minor: 200_000 });
  budgetId = created.body.id;
  expect((await ld.post(`/api/b2b/v1/budgets/${budgetId}/allocations/`, { team_id: marketing, amount_minor: 100_000 })).status).toBe(200);
});
afterAll(() => t.close());

const budget = async () => (await ld.get(`/api/b2b/v1/budgets/${budgetId}/`)).body as Budget;
const mine = (b: Budget) => b.allocations.find((a) => a.team.id === engineering) ?? { amount_minor: 0, reserved_minor: 0, paid_minor: 0 };
const ok = (res: Res, what: string, status = 200) => {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text}`);
  return res;
};

/** What the L&D leader would see broken: a team holding more than its allocation, or allocations beyond a budget. */
async function breaches(): Promise<string[]> {
  const all = (await ld.get("/api/b2b/v1/budgets/?page_size=100")).body.results as Budget[];
  return all.flatMap((b) => [
    ...(b.allocated_minor > b.amount_minor ? [`allocations ${b.allocated_minor} > budget ${b.amount_minor}`] : []),
    ...b.allocations
      .filter((a) => a.reserved_minor + a.paid_minor > a.amount_minor)
      .map((a) => `${a.team.name} holds ${a.reserved_minor} reserved + ${a.paid_minor} paid > allocation ${a.amount_minor}`),
  ]);
}

/**
 * Gives Engineering `room` to spend beyond what it already holds and the budget `slack` left
 * unallocated, then files `n` pending requests; `approved` of them are approved up front.
 */
async function prepare(n: number, room: number, slack: number, approved = 0) {
  const b = await budget();
  const held = mine(b).reserved_minor + mine(b).paid_minor;
  const others = b.allocated_minor - mine(b).amount_minor;
  const total = others + held + room + slack;
  ok(await ld.patch(`/api/b2b/v1/budgets/${budgetId}/`, { amount_minor: Math.max(total, b.amount_minor, b.allocated_minor) }), "raise the budget");
  ok(await ld.post(`/api/b2b/v1/budgets/${budgetId}/allocations/`, { team_id: engineering, amount_minor: held + room }), "set the allocation");
  ok(await ld.patch(`/api/b2b/v1/budgets/${budgetId}/`, { amount_minor: total }), "set the budget");
  const ids = await Promise.all(
    Array.from(
      { length: n },
      async (_, i) => ok(await member.post("/api/b2b/v1/purchase-requests/", { title: `Course ${i}`, price_minor: PRICE }), "ask", 201).body.id as number,
    ),
  );
  for (const id of ids.slice(0, approved)) ok(await ld.post(`/api/b2b/v1/purchase-requests/${id}/approve/`, {}), "approve up front");
  return { ids, held, others, total };
}

const approve = (id: number, i: number): Call => ({ label: "approve", run: () => (i % 2 ? ld : tl).post(`/api/b2b/v1/purchase-requests/${id}/approve/`, {}) });
const cancel = (id: number): Call => ({ label: "cancel", run: () => member.post(`/api/b2b/v1/purchase-requests/${id}/cancel/`, {}) });
const pay = (id: number): Call => ({ label: "pay", run: () => ld.post(`/api/b2b/v1/purchase-requests/${id}/pay/`, { reference: `INV-${id}` }) });
const allocate = (amount: number): Call => ({
  label: "allocate",
  run: () => ld.post(`/api/b2b/v1/budgets/${budgetId}/allocations/`, { team_id: engineering, amount_minor: amount }),
});
const patchBudget = (amount: number): Call => ({ label: "budget", run: () => ld.patch(`/api/b2b/v1/budgets/${budgetId}/`, { amount_minor: amount }) });
const adjust = (amount: number): Call => ({
  label: "adjust",
  run: () => admin.post(`/api/b2b/v1/admin/budgets/${budgetId}/adjust/`, { amount_minor: amount, reason: "Race" }),
});

/**
 * Runs the calls at once, then reports what went wrong: a loser of a race is told 409 conflict,
 * never 500 (a deadlock or serialization failure reaching the person) or anything else.
 */
/** What a loser of a race may be told: each refusal has its own code. */
const RACE_LOSSES = new Set([
  "conflict",
  "budget_exceeded",
  "request_already_decided",
  "allocations_exceed_budget",
  "allocation_below_committed",
  "budget_below_allocated",
]);

async function race(calls: Call[]): Promise<string[]> {
  const answers = await Promise.all(calls.map((c) => c.run()));
  const wrong = answers.flatMap((res, i) =>
    res.status === 200 || (res.status === 409 && RACE_LOSSES.has(res.body?.error?.code))
      ? []
      : [`${calls[i]!.label} answered ${res.status} ${res.text.slice(0, 120)}`],
  );
  return [...wrong, ...(await breaches())];
}

/** Puts `extra` calls among the approvals, so they land while approvals hold their locks. */
const among = (approvals: Call[], at: number, ...extra: Call[]) => [...approvals.slice(0, at), ...extra, ...approvals.slice(at)];

async function inRounds(play: (round: number) => Promise<string[]>) {
  const problems: string[] = [];
  for (let round = 1; round <= rounds; round++) for (const p of await play(round)) problems.push(`round ${round}: ${p}`);
  return problems;
}

describe("money changes racing approvals, on PostgreSQL", () => {
  it("approvals racing an allocation cut never leave the team holding more than its allocation", async () => {
    const problems = await inRounds(async () => {
      const { ids, held } = await prepare(8, 8 * PRICE, 0);
      return race(among(ids.map(approve), 2, allocate(held + 3.5 * PRICE)));
    });
    expect(problems).toEqual([]);
  });

  it("approvals racing budget cuts (the L&D leader's and an operator's) and a raise never allocate beyond the budget", async () => {
    const problems = await inRounds(async () => {
      const { ids, held, others, total } = await prepare(6, 6 * PRICE, 8 * PRICE);
      // The raise fits only in the slack that the cuts take away: one side must lose.
      return race(among(ids.map(approve), 2, allocate(held + 14 * PRICE), patchBudget(total - 8 * PRICE), adjust(others + held + 7 * PRICE)));
    });
    expect(problems).toEqual([]);
  });

  it("approvals racing cancellations (of approved requests and of the very requests being approved)", async () => {
    const problems = await inRounds(async () => {
      const { ids } = await prepare(8, 4 * PRICE, 0, 2);
      const [a, b, ...pending] = ids as [number, number, ...number[]];
      return race(among(pending.map(approve), 2, cancel(a), cancel(b), cancel(pending[0]!), cancel(pending[3]!)));
    });
    expect(problems).toEqual([]);
  });

  it("approvals racing payments and an allocation cut", async () => {
    const problems = await inRounds(async () => {
      const { ids, held } = await prepare(8, 6 * PRICE, 0, 3);
      return race(among(ids.slice(3).map(approve), 1, ...ids.slice(0, 3).map(pay), allocate(held + 4.5 * PRICE)));
    });
    expect(problems).toEqual([]);
  });

  it("every kind of money change on the same requests at once: no deadlock, no 500, nothing overspent", async () => {
    const problems = await inRounds(async () => {
      const { ids, held, others, total } = await prepare(6, 4 * PRICE, 4 * PRICE, 2);
      // Both approvers click at once, the payment and the requester's cancellation land on the same request.
      const calls = ids.flatMap((id) => [approve(id, 0), pay(id), approve(id, 1), cancel(id)]);
      return race(among(calls, 4, allocate(held + 2.5 * PRICE), allocate(held + 8 * PRICE), patchBudget(total - 4 * PRICE), adjust(others + held + 5 * PRICE)));
    });
    expect(problems).toEqual([]);
  });
});
