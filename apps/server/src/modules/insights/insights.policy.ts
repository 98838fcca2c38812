import type { InsightActionKind, InsightScope } from "@learnward/contracts";
import type { Actor, Rule } from "../../lib/actor.ts";
import { networkPolicy } from "../network/index.ts";
import { peoplePolicy } from "../people/index.ts";

/**
 * Who sees what (PRODUCT.md roles): a member themselves; a team leader their team (and
 * themselves); the L&D leader and hr the company, any of its teams, and themselves.
 */
export function allowedScopes(actor: Actor): InsightScope[] {
  if (actor.role === "ldleader" || actor.role === "hr") return ["me", "team", "company"];
  if (actor.role === "teamleader" && actor.teamId !== null) return ["me", "team"];
  return ["me"];
}

/** Which pages resolve what: the roles that may open each page, and where it is. */
export const LINKS: Record<Exclude<InsightActionKind, "remind_overdue">, { roles: readonly Actor["role"][]; href: (a: Actor) => string }> = {
  open_tasks: { roles: ["hr", "ldleader", "teamleader", "member"], href: () => "/collaborative-network/myTasks" },
  review_requests: { roles: ["ldleader", "teamleader"], href: () => "/budgetingPlan/purchaseRequest" },
  review_publish: { roles: ["ldleader"], href: () => "/collaborative-network/publishRequest" },
  review_people: { roles: ["hr"], href: () => "/peopleManagement?tab=3" },
  // Only the L&D leader moves money between teams; a team leader sees their team's budget.
  rebalance_budget: { roles: ["ldleader", "teamleader"], href: (a) => (a.role === "ldleader" ? "/budgetingPlan/companyBudget" : "/budgetingPlan") },
  set_budget: { roles: ["ldleader"], href: () => "/budgetingPlan/companyBudget" },
};

export const insightsPolicy = {
  /** The teams insights offers: none to a member, a team leader their own, hr and the L&D leader every team. */
  teamScope: (a: Actor): "none" | "all" | { teamId: number | null } => (a.role === "member" ? "none" : a.role === "teamleader" ? { teamId: a.teamId } : "all"),
  /** Which waiting requests count as the viewer's to decide (purchase requests: budgeting.policy decideScope). */
  pendingKinds: (a: Actor) => ({ publishRequests: networkPolicy.decidePublish(a, null), peopleRequests: peoplePolicy.decideRequests(a, null) }),
  scope: ((a, scope) => allowedScopes(a).includes(scope)) as Rule<InsightScope>,
  /** A team leader looks at their own team only; the company-wide roles at any of theirs. */
  team: ((a, teamId) => a.role === "ldleader" || a.role === "hr" || (a.role === "teamleader" && a.teamId === teamId)) as Rule<number>,
  /** Reminding people about overdue plans: whoever sees them as a team or company. */
  remind: ((a, scope) => scope !== "me" && (a.role === "ldleader" || a.role === "hr" || a.role === "teamleader")) as Rule<InsightScope>,
  /** Budgets are the L&D leader's (company) and team leaders' (their team) business. */
  budget: ((a, scope) =>
    (scope === "company" && a.role === "ldleader") || (scope === "team" && (a.role === "ldleader" || a.role === "teamleader"))) as Rule<InsightScope>,
  link: ((a, kind) => LINKS[kind].roles.includes(a.role)) as Rule<Exclude<InsightActionKind, "remind_overdue">>,
  /** A person named in the body (account_ids) is checked like an id in the path: one of the scope's people (its team's, or the company's: the repo reads the company's only). */
  namedPerson: ((_a, { people, person }) =>
    (people.teamId === null || person.teamId === people.teamId) && (people.accountId === null || person.id === people.accountId)) as Rule<{
    people: { teamId: number | null; accountId: number | null };
    person: { id: number; teamId: number | null };
  }>,
};
