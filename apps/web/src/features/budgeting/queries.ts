import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { FirstData } from "../../app/firstData";
import { fetchAllTeams } from "../people/api";
import { fetchAudit, fetchBudgets, fetchBudgetUsage, fetchPurchaseRequests, type RequestsFilter } from "./api";

export const budgetingKeys = {
  budgets: ["budgets"] as const,
  requests: ["purchase-requests"] as const,
  audit: ["budget-audit"] as const,
};

/** Budgets covering today (current) or all of them, newest first. */
export const budgetsOptions = (current: boolean) =>
  queryOptions({ queryKey: [...budgetingKeys.budgets, { current }] as const, queryFn: ({ signal }) => fetchBudgets(current, signal) });

export const budgetUsageOptions = (budgetId: number, team: number | undefined) =>
  queryOptions({
    queryKey: [...budgetingKeys.budgets, "usage", budgetId, team ?? null] as const,
    queryFn: ({ signal }) => fetchBudgetUsage(budgetId, team, signal),
  });

/** Every team of the company (ldleader sees all of them): the allocation editor shows each one. */
export const budgetTeamsOptions = () =>
  queryOptions({ queryKey: ["teams", "budgeting"] as const, queryFn: ({ signal }) => fetchAllTeams(signal), staleTime: 5 * 60_000 });

export const purchaseRequestsOptions = (filter: RequestsFilter) =>
  queryOptions({
    queryKey: [...budgetingKeys.requests, filter] as const,
    queryFn: ({ signal }) => fetchPurchaseRequests(filter, signal),
    placeholderData: keepPreviousData,
  });

export const budgetAuditOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...budgetingKeys.audit, { page, pageSize }] as const,
    queryFn: ({ signal }) => fetchAudit(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

/** A request list's first page as RequestList opens it: 10 a page, newest first, any period. */
const firstRequests = (scope: RequestsFilter["scope"], status: RequestsFilter["status"], team?: number) =>
  purchaseRequestsOptions({ scope, status, period: "", sort: "desc", page: 1, pageSize: 10, team });

/**
 * /budgetingPlan: the current budgets and, for the L&D leader, the teams to pick from; a team leader's
 * queue of pending requests (the L&D leader's waits for the team they pick).
 */
export const teamBudgetFirstData: FirstData = ({ me }) => {
  if (!me?.abilities.see_team_budget) return [];
  if (me.abilities.manage_company_budget) return [budgetsOptions(true), budgetTeamsOptions()];
  return me.account.team ? [budgetsOptions(true), firstRequests("decide", "pending")] : [];
};

/** /budgetingPlan/companyBudget (the L&D leader's): every budget, the teams and the audit trail's first page. */
export const companyBudgetFirstData: FirstData = ({ me }) =>
  me?.abilities.manage_company_budget ? [budgetsOptions(false), budgetTeamsOptions(), budgetAuditOptions(1, 20)] : [];

/** /budgetingPlan/purchaseRequest: the queue for those who decide, else my requests. */
export const purchaseRequestsFirstData: FirstData = ({ me }) => (me ? [firstRequests(me.abilities.decide_purchase_requests ? "decide" : "mine", "all")] : []);
