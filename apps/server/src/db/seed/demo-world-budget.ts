import type { BudgetAuditAction } from "@learnward/contracts";
import type { Tx } from "../client.ts";
import { budgetAllocations, budgetAudit, budgets, purchaseRequests } from "../schema/index.ts";
import { BUDGET, REQUESTS, type Team } from "./demo-world-data.ts";
import { DAY_MS, type Event, type Person } from "./demo-world-events.ts";

/**
 * This year's budget, shared by both teams, with requests in every state (and their audit trail);
 * answers the learning events of the decisions.
 */
export async function seedDemoBudget(
  tx: Tx,
  opts: { companyId: number; currency: string; teams: Record<Team, number> },
  at: { now: Date; ago: (days: number, hours?: number) => Date; isoDay: (d: Date) => string; who: (email: string) => Person },
): Promise<Event[]> {
  const { now, ago, isoDay, who } = at;
  const teamOf = (t: Team) => opts.teams[t];
  const events: Event[] = [];
  const year = now.getUTCFullYear();
  const ldleader = who("ldleader@acme.test").id;
  const [budget] = await tx
    .insert(budgets)
    .values({
      companyId: opts.companyId,
      period: "year",
      periodStart: `${year}-01-01`,
      periodEnd: `${year}-12-31`,
      frequency: "yearly",
      amountMinor: BUDGET.amountMinor,
      currency: opts.currency,
      createdBy: ldleader,
      createdAt: ago(Math.min(90, daysIntoYear(now))),
    })
    .returning();
  await tx.insert(budgetAudit).values({
    companyId: opts.companyId,
    actorId: ldleader,
    entity: "budget",
    entityId: budget!.id,
    action: "create",
    after: budget,
    createdAt: budget!.createdAt,
  });
  const allocation: Partial<Record<Team, number>> = {};
  for (const [team, amount] of Object.entries(BUDGET.allocations) as [Team, number][]) {
    const [a] = await tx
      .insert(budgetAllocations)
      .values({ budgetId: budget!.id, teamId: teamOf(team), amountMinor: amount })
      .returning();
    allocation[team] = a!.id;
    await tx.insert(budgetAudit).values({
      companyId: opts.companyId,
      actorId: ldleader,
      entity: "allocation",
      entityId: a!.id,
      action: "create",
      after: a,
      createdAt: budget!.createdAt,
    });
  }
  for (const r of REQUESTS) {
    const by = who(r.by);
    const team = (Object.keys(opts.teams) as Team[]).find((t) => teamOf(t) === by.teamId)!;
    const decided = r.status !== "pending";
    const held = r.status === "approved" || r.status === "paid";
    const [row] = await tx
      .insert(purchaseRequests)
      .values({
        companyId: opts.companyId,
        teamId: by.teamId,
        requestedBy: by.id,
        title: r.title,
        link: r.link,
        priceMinor: r.priceMinor,
        currency: opts.currency,
        reason: r.reason,
        status: r.status,
        allocationId: held ? allocation[team]! : null,
        decidedBy: decided ? who(r.decidedBy!).id : null,
        decidedAt: decided ? ago(r.decidedDaysAgo!, 15) : null,
        rejectionReason: r.rejectionReason ?? null,
        paidAt: r.paidDaysAgo !== undefined ? isoDay(ago(r.paidDaysAgo)) : null,
        paymentReference: r.paymentReference ?? null,
        createdAt: ago(r.daysAgo, 9),
        updatedAt: ago(r.paidDaysAgo ?? r.decidedDaysAgo ?? r.daysAgo, 15),
      })
      .returning();
    const audit = (actor: number, action: BudgetAuditAction, at: Date) =>
      tx
        .insert(budgetAudit)
        .values({ companyId: opts.companyId, actorId: actor, entity: "purchase_request", entityId: row!.id, action, after: row, createdAt: at });
    await audit(by.id, "create", row!.createdAt);
    if (decided) {
      await audit(who(r.decidedBy!).id, r.status === "rejected" ? "reject" : "approve", row!.decidedAt!);
      events.push({
        kind: "request_decided",
        account: by.id,
        actor: who(r.decidedBy!).id,
        request: row!.id,
        outcome: r.status === "rejected" ? "rejected" : "approved",
        at: row!.decidedAt!,
      });
    }
    if (r.status === "paid") await audit(ldleader, "pay", ago(r.paidDaysAgo!, 16));
  }
  return events;
}

function daysIntoYear(now: Date) {
  return Math.floor((now.getTime() - Date.UTC(now.getUTCFullYear(), 0, 1)) / DAY_MS);
}
