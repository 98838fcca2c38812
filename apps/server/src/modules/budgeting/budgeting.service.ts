import type { BudgetAuditAction, PurchaseRequestsQuery } from "@learnward/contracts";
import type { z } from "zod";
import { type Actor, authorize } from "../../lib/actor.ts";
import { AppError, conflict, forbidden, notFound } from "../../lib/errors.ts";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { EventBus } from "../../lib/events.ts";
import type { IdentityRepo } from "../identity/index.ts";
import type { PeopleRepo } from "../people/index.ts";
import { budgetingPolicy } from "./budgeting.policy.ts";
import { periodEnd, since, usagePoints } from "./budgeting.periods.ts";
import { ensureCoversAllocations } from "./budgeting.rules.ts";
import type { BudgetingRepo, BudgetRow, RequestRow, RequestView } from "./budgeting.repo.ts";

type RequestsQuery = Omit<z.infer<typeof PurchaseRequestsQuery>, "page" | "page_size">;
export type Decision = { verb: "approve" } | { verb: "reject"; reason: string } | { verb: "pay"; reference: string; paid_at?: string } | { verb: "cancel" };
/** The status each decision leaves a request in: repeating it answers the request again. */
const DONE = { approve: "approved", reject: "rejected", pay: "paid", cancel: "cancelled" } as const;

/** Budgets, allocations and purchase requests: the rules and transactions between routes and repo. */
export function createBudgetingService(d: { db: Db; events: EventBus; clock: Clock; repo: BudgetingRepo; identity: IdentityRepo; people: PeopleRepo }) {
  const { db, events, clock, repo } = d;

  async function budget(companyId: number, id: number) {
    const b = await repo.budget(companyId, id);
    if (!b) throw notFound("Budget");
    return b;
  }

  /** A budget with its allocations (one team's only, if given). */
  async function withAllocations(companyId: number, id: number, teamId?: number) {
    const b = await budget(companyId, id);
    return { b, allocs: await repo.allocations([b.id], teamId) };
  }

  /** Refuses a decision the actor may not take; their own request has its own code (it goes to the L&D leader). */
  function authorizeDecision(actor: Actor, r: RequestRow) {
    if (budgetingPolicy.ownRequest(actor, r)) throw new AppError("own_request", 403, "You can't decide your own request: the L&D leader decides it");
    authorize(actor, budgetingPolicy.decide, r);
  }

  /**
   * Approves a pending request (as the caller read it) against its team's allocation in the
   * budget covering `on` (a monthly budget before a yearly one). What to lock is found first,
   * unlocked; then the allocation is locked and the request updated only while still pending, in
   * the money order (budgeting.locks.repo.ts), so no interleaving of money changes can overspend
   * an allocation. Answers the approved row and its budget, or null when it was no longer pending.
   */
  async function approve(actorId: number, seen: RequestRow, on: string): Promise<{ row: RequestRow; budgetId: number } | null> {
    if (seen.status !== "pending") return null;
    if (seen.teamId === null) throw new AppError("request_without_team", 409, "This request has no team, so no team budget to reserve it against");
    const target = await repo.allocationCovering(seen.companyId, seen.teamId, on);
    if (!target) throw new AppError("team_budget_missing", 409, "The team has no budget allocated for this period");
    return db.transaction(async (tx) => {
      const alloc = await repo.lockAllocation(tx, target.id);
      if (!alloc) return null;
      const remaining = Number(alloc.amountMinor) - (await repo.heldIn(tx, alloc.id));
      // Step 3 of the lock order: the update locks the request, and moves it only if still pending.
      const row = await repo.approveRequest(tx, seen.id, alloc.id, actorId);
      if (!row) return null;
      // A request's price never changes; throwing rolls the update back.
      if (Number(row.priceMinor) > remaining) {
        throw new AppError("budget_exceeded", 409, "Not enough budget left for this request", {
          remaining_minor: remaining,
          price_minor: Number(row.priceMinor),
        });
      }
      await repo.recordAudit(tx, {
        companyId: seen.companyId,
        actorId,
        entity: "purchase_request",
        entityId: seen.id,
        action: "approve",
        before: seen,
        after: row,
      });
      await events.emit(tx, "purchase_request.approved", {
        actorId,
        requestId: seen.id,
        requesterId: seen.requestedBy,
        companyId: seen.companyId,
        title: row.title,
      });
      return { row, budgetId: alloc.budgetId };
    });
  }

  /**
   * Moves a request (as the caller read it) from one of `from` to `to`, so two clicks make one
   * change. Paying or cancelling an approved request moves money: its allocation is locked first
   * (budgeting.locks.repo.ts). Answers the moved row, or null when it was no longer in `from`.
   */
  async function transition(
    actorId: number,
    seen: RequestRow,
    from: readonly RequestRow["status"][],
    to: RequestRow["status"],
    patch: Partial<RequestRow>,
    action: BudgetAuditAction,
  ): Promise<RequestRow | null> {
    if (!from.includes(seen.status)) return null;
    const row = await db.transaction(async (tx) => {
      if (seen.allocationId !== null) await repo.lockAllocation(tx, seen.allocationId);
      const row = await repo.moveRequest(tx, seen, from, to, patch);
      if (!row) return null;
      await repo.recordAudit(tx, { companyId: seen.companyId, actorId, entity: "purchase_request", entityId: seen.id, action, before: seen, after: row });
      if (to === "rejected")
        await events.emit(tx, "purchase_request.rejected", {
          actorId,
          requestId: seen.id,
          requesterId: seen.requestedBy,
          companyId: seen.companyId,
          title: row.title,
        });
      return row;
    });
    if (row) return row;
    // Changed since it was read. Approved meanwhile, its allocation must be locked before it: start
    // again from the row as it is now (a request gets an allocation once, so at most once more).
    const now = await repo.requestRow(seen.id);
    return now && from.includes(now.status) && now.allocationId !== seen.allocationId ? transition(actorId, now, from, to, patch, action) : null;
  }

  /** Runs one decision on the request as read; answers the finished row, or null if it had moved on. */
  async function run(actor: Actor, seen: RequestView, x: Decision): Promise<RequestView | null> {
    const { r } = seen;
    switch (x.verb) {
      case "approve": {
        authorizeDecision(actor, r);
        const done = await approve(actor.accountId, r, clock.today());
        return done && { ...seen, r: done.row, budgetId: done.budgetId, deciderName: await repo.displayName(actor.accountId) };
      }
      case "reject": {
        authorizeDecision(actor, r);
        const row = await transition(
          actor.accountId,
          r,
          ["pending"],
          "rejected",
          { decidedBy: actor.accountId, decidedAt: new Date(), rejectionReason: x.reason },
          "reject",
        );
        return row && { ...seen, r: row, deciderName: await repo.displayName(actor.accountId) };
      }
      case "pay": {
        if (r.status === "approved") authorize(actor, budgetingPolicy.pay, r);
        const row = await transition(actor.accountId, r, ["approved"], "paid", { paidAt: x.paid_at ?? clock.today(), paymentReference: x.reference }, "pay");
        return row && { ...seen, r: row };
      }
      case "cancel": {
        authorize(actor, budgetingPolicy.cancelAsRequester, r);
        const row = await transition(actor.accountId, r, budgetingPolicy.cancellableFrom, "cancelled", {}, "cancel");
        return row && { ...seen, r: row };
      }
    }
  }

  const service = {
    budgets(actor: Actor, companyId: number, f: { period?: "year" | "month"; current?: boolean }, limit: number, offset: number) {
      return repo.budgets(
        companyId,
        { period: f.period, on: f.current ? clock.today() : undefined, teamId: budgetingPolicy.budgetScope(actor).teamId },
        limit,
        offset,
      );
    },

    /** A budget with the allocations the actor may see. */
    budget: (actor: Actor, companyId: number, id: number) => withAllocations(companyId, id, budgetingPolicy.budgetScope(actor).teamId),

    async createBudget(
      actor: Actor,
      companyId: number,
      v: { period: "year" | "month"; period_start: string; frequency?: BudgetRow["frequency"]; amount_minor: number },
    ) {
      const company = (await d.identity.companyById(companyId))!;
      const values = {
        companyId,
        period: v.period,
        periodStart: v.period_start,
        periodEnd: periodEnd(v.period, v.period_start),
        frequency: v.frequency ?? null,
        amountMinor: v.amount_minor,
        currency: company.currency,
        createdBy: actor.accountId,
      };
      return db.transaction(async (tx) => {
        const row = await repo.insertBudget(tx, values);
        if (!row) throw conflict("budget_period_taken", "This company already has a budget for that period");
        await repo.recordAudit(tx, { companyId, actorId: actor.accountId, entity: "budget", entityId: row.id, action: "create", before: null, after: row });
        await events.emit(tx, "budget.set", { actorId: actor.accountId, budgetId: row.id });
        return row;
      });
    },

    /** The total may not drop below what is already allocated. */
    async updateBudget(actor: Actor, companyId: number, id: number, patch: { amountMinor?: number; frequency?: BudgetRow["frequency"] }) {
      authorize(actor, budgetingPolicy.manageBudgets, null);
      const b = await budget(companyId, id);
      await db.transaction(async (tx) => {
        const locked = await repo.lockBudget(tx, b.id, "update");
        if (!locked) throw notFound("Budget");
        if (patch.amountMinor !== undefined) await ensureCoversAllocations(tx, b.id, patch.amountMinor);
        const row = await repo.updateBudget(tx, b.id, patch);
        await repo.recordAudit(tx, {
          companyId: b.companyId,
          actorId: actor.accountId,
          entity: "budget",
          entityId: b.id,
          action: "update",
          before: locked,
          after: row,
        });
      });
      return withAllocations(companyId, id);
    },

    /**
     * Sets a team's allocation. The allocations never add up to more than the budget, and an
     * allocation never drops below what its team has spent or reserved (lock order: budgeting.locks.repo.ts).
     */
    async allocate(actor: Actor, companyId: number, id: number, teamId: number, amountMinor: number) {
      const b = await budget(companyId, id);
      if (!(await d.people.team(companyId, teamId))) throw notFound("Team");
      const actorId = actor.accountId;
      await db.transaction(async (tx) => {
        const locked = await repo.lockBudget(tx, b.id, "update");
        if (!locked) throw notFound("Budget");
        const rows = await repo.lockAllocations(tx, b.id);
        const mine = rows.find((r) => r.teamId === teamId);
        const others = rows.filter((r) => r.teamId !== teamId).reduce((s, r) => s + Number(r.amountMinor), 0);
        if (others + amountMinor > Number(locked.amountMinor)) {
          throw new AppError("allocations_exceed_budget", 409, "Allocations can't add up to more than the budget", {
            available_minor: Number(locked.amountMinor) - others,
          });
        }
        const used = mine ? await repo.heldIn(tx, mine.id) : 0;
        if (amountMinor < used)
          throw new AppError("allocation_below_committed", 409, "The team has already reserved or spent more than that", { used_minor: used });
        const row = await repo.upsertAllocation(tx, b.id, teamId, amountMinor);
        await repo.recordAudit(tx, {
          companyId: b.companyId,
          actorId,
          entity: "allocation",
          entityId: row.id,
          action: mine ? "update" : "create",
          before: mine ?? null,
          after: row,
        });
        await events.emit(tx, "budget.allocated", { actorId, budgetId: b.id, teamId });
      });
      return withAllocations(companyId, id);
    },

    /** Committed and paid money over a budget's period, for the whole budget or one team's allocation. */
    async usage(actor: Actor, companyId: number, id: number, team: number | undefined) {
      let teamId = team;
      const scoped = budgetingPolicy.budgetScope(actor).teamId;
      if (scoped !== undefined) {
        if (teamId !== undefined && teamId !== actor.teamId) throw forbidden("You can only see your own team's budget");
        teamId = scoped;
      }
      const b = await budget(companyId, id);
      const [allocs, held] = await Promise.all([repo.allocations([b.id], teamId), repo.heldOver(b.id, teamId)]);
      if (teamId !== undefined && allocs.length === 0 && scoped === undefined && !(await d.people.team(companyId, teamId))) throw notFound("Team");
      return { b, teamId, allocs, points: usagePoints(b, held, clock.today()) };
    },

    audit: repo.audit,

    /** My requests, or those I decide as budgeting.policy defines them (insights counts the same). */
    async requests(actor: Actor, companyId: number, q: RequestsQuery, limit: number, offset: number) {
      const status = q.status === "all" ? undefined : q.status;
      if (q.scope === "mine")
        return repo.requests(
          companyId,
          { requestedBy: actor.accountId, teamId: q.team, status, since: since(q.period, clock.now()), sort: q.sort },
          limit,
          offset,
        );
      const decider = budgetingPolicy.decideScope(actor);
      if (!decider) throw new AppError("forbidden", 403, "Permission denied");
      return repo.requests(companyId, { decider, teamId: q.team, status, since: since(q.period, clock.now()), sort: q.sort }, limit, offset);
    },

    /** Finance needs every request of the company, the L&D leader's own too. */
    async exportRequests(companyId: number, q: RequestsQuery) {
      return (
        await repo.requests(
          companyId,
          { teamId: q.team, status: q.status === "all" ? undefined : q.status, since: since(q.period, clock.now()), sort: q.sort },
          100_000,
          0,
        )
      ).rows;
    },

    async request(actor: Actor, companyId: number, id: number): Promise<RequestView> {
      const row = await repo.request(companyId, id);
      if (!row || !budgetingPolicy.read(actor, row.r)) throw notFound("Purchase request");
      return row;
    },

    /**
     * Files a request and answers its finished view from the same transaction: a new
     * request has no decider and no allocation yet, so only the asker's and team's names are looked
     * up, never the request itself again.
     */
    async createRequest(
      actor: Actor,
      companyId: number,
      b: { title: string; link?: string | null; price_minor: number; reason?: string | null },
    ): Promise<RequestView> {
      if (actor.teamId === null) throw new AppError("team_required", 400, "Join a team first: requests are paid from a team's budget");
      const company = (await d.identity.companyById(companyId))!;
      const v = {
        companyId,
        teamId: actor.teamId,
        requestedBy: actor.accountId,
        title: b.title,
        link: b.link ?? null,
        priceMinor: b.price_minor,
        currency: company.currency,
        reason: b.reason ?? null,
      };
      return db.transaction(async (tx) => {
        const row = await repo.insertRequest(tx, v);
        await repo.recordAudit(tx, {
          companyId: v.companyId,
          actorId: v.requestedBy,
          entity: "purchase_request",
          entityId: row.id,
          action: "create",
          before: null,
          after: row,
        });
        await events.emit(tx, "purchase_request.created", {
          actorId: v.requestedBy,
          requestId: row.id,
          companyId: row.companyId,
          teamId: row.teamId,
          title: row.title,
        });
        const names = await repo.requestNames(tx, row);
        return { r: row, teamName: names.teamName, askerName: names.askerName, deciderName: null, budgetId: null };
      });
    },

    /**
     * Approves, rejects, pays or cancels a request, answering it as the write finished it
     * (read once, not before, inside and after). Repeating the decision already taken answers it
     * again; a request that has moved on otherwise is a conflict.
     */
    async decide(actor: Actor, companyId: number, id: number, x: Decision): Promise<RequestView> {
      const seen = await service.request(actor, companyId, id);
      const done = await run(actor, seen, x);
      if (done) return done;
      const now = seen.r.status === DONE[x.verb] ? seen : await service.request(actor, companyId, id);
      if (now.r.status !== DONE[x.verb]) throw conflict("request_already_decided", `This request is ${now.r.status}`, { status: now.r.status });
      return now;
    },

    /**
     * Purchase requests waiting on this person's decision, as budgeting.policy decideScope defines
     * who decides (insights counts the same): how many and since when; null when they decide none.
     */
    async pendingToDecide(actor: Actor) {
      const decider = budgetingPolicy.decideScope(actor);
      return decider ? repo.pendingToDecide(decider) : null;
    },

    /** The company's budgets current on a day (at most 10), with their team allocations and usage: insights' overview. */
    async budgetsOn(companyId: number, day: string) {
      return repo.budgets(companyId, { on: day }, 10, 0);
    },
  };
  return service;
}
export type BudgetingService = ReturnType<typeof createBudgetingService>;
