import { type Rule, sameCompany } from "../../lib/actor.ts";

type RequestRef = { companyId: number; teamId: number | null; requestedBy: number; status: string };

/**
 * Budgeting rules (PRODUCT.md): the L&D leader sets budgets and allocations and decides any
 * request; a team leader decides their own team's requests; nobody approves their own request;
 * the requester may cancel until it is paid; the L&D leader records payments.
 */
export const budgetingPolicy = {
  manageBudgets: ((a) => a.role === "ldleader") as Rule<null>,
  decide: ((a, r) =>
    sameCompany(a, r.companyId) &&
    r.requestedBy !== a.accountId &&
    (a.role === "ldleader" || (a.role === "teamleader" && a.teamId !== null && r.teamId === a.teamId))) as Rule<RequestRef>,
  read: ((a, r) => sameCompany(a, r.companyId) && (r.requestedBy === a.accountId || a.role === "ldleader" || (a.role === "teamleader" && a.teamId !== null && r.teamId === a.teamId))) as Rule<RequestRef>,
  pay: ((a, r) => sameCompany(a, r.companyId) && a.role === "ldleader" && r.status === "approved") as Rule<RequestRef>,
  cancel: ((a, r) => r.requestedBy === a.accountId && (r.status === "pending" || r.status === "approved")) as Rule<RequestRef>,
};
