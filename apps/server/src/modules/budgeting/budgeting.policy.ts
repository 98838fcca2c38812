import { budgetingAccountAbilities } from "@learnward/contracts";
import { type Actor, type Rule, sameCompany } from "../../lib/actor.ts";

type RequestRef = { companyId: number; teamId: number | null; requestedBy: number; status: string };

/**
 * The purchase requests an actor decides, as data every query filters by (the "to decide" list,
 * insights' pending count) and `decide` checks one request against: the company's (L&D leader) or
 * their team's (team leader), never their own. Null: they decide none.
 */
export type DecideScope = { companyId: number; teamId: number | null; notRequestedBy: number };

function decideScope(a: Actor): DecideScope | null {
  if (a.companyId === null) return null;
  if (a.role === "ldleader") return { companyId: a.companyId, teamId: null, notRequestedBy: a.accountId };
  // A team leader's own request goes to the L&D leader.
  if (a.role === "teamleader" && a.teamId !== null) return { companyId: a.companyId, teamId: a.teamId, notRequestedBy: a.accountId };
  return null;
}

/**
 * The statuses a request can be cancelled from: until it is paid (or decided against). Cancelling an
 * approved request releases its reservation, as only approved and paid ones count against a budget.
 */
const CANCELLABLE = ["pending", "approved"] as const;
const cancellable = (status: string) => (CANCELLABLE as readonly string[]).includes(status);
const requester: Rule<RequestRef> = (a, r) => r.requestedBy === a.accountId;

const inScope = (s: DecideScope | null, r: RequestRef) =>
  s !== null && r.companyId === s.companyId && r.requestedBy !== s.notRequestedBy && (s.teamId === null || r.teamId === s.teamId);

/**
 * Budgeting rules (PRODUCT.md): the L&D leader sets budgets and allocations and decides any
 * request; a team leader decides their own team's requests; nobody decides their own request;
 * the requester may cancel until it is paid; the L&D leader records payments.
 */
export const budgetingPolicy = {
  /** Account-level abilities on /api/me (contracts' budgetingAccountAbilities, shared with the web app's fixtures). */
  accountAbilities: (a: Actor) => budgetingAccountAbilities(a),
  manageBudgets: ((a) => budgetingAccountAbilities(a).manage_company_budget) as Rule<null>,
  /**
   * Which team's allocations and usage a budget query shows: every team's (undefined) for the L&D
   * leader; a team leader only their own (-1, none, without a team).
   */
  budgetScope: (a: Actor): { teamId: number | undefined } => ({ teamId: budgetingAccountAbilities(a).manage_company_budget ? undefined : (a.teamId ?? -1) }),
  decideScope,
  decide: ((a, r) => inScope(decideScope(a), r)) as Rule<RequestRef>,
  /** Asked to decide their own request: refused with its own code, so the web app can say who decides it. */
  ownRequest: requester,
  read: ((a, r) =>
    sameCompany(a, r.companyId) &&
    (r.requestedBy === a.accountId || a.role === "ldleader" || (a.role === "teamleader" && a.teamId !== null && r.teamId === a.teamId))) as Rule<RequestRef>,
  pay: ((a, r) => sameCompany(a, r.companyId) && a.role === "ldleader" && r.status === "approved") as Rule<RequestRef>,
  /**
   * Who cancels a request: its requester alone, whatever its status. A requester cancelling a
   * request past cancelling meets a conflict (its status), not a refusal.
   */
  cancelAsRequester: requester,
  /** The statuses a cancellation moves a request from (the write's condition). */
  cancellableFrom: CANCELLABLE,
  /** May cancel it now (the ability sent with the request): its requester, while it is still cancellable. */
  cancel: ((a, r) => requester(a, r) && cancellable(r.status)) as Rule<RequestRef>,
};
