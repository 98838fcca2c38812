/**
 * What the budgeting module offers the others: its policy, service and the money locks other writes
 * of a budget take in the same order. Other modules import from here only (eslint refuses a path
 * into another module's files); app.ts builds the module itself with budgeting.module.ts.
 */
export { budgetingPolicy } from "./budgeting.policy.ts";
export type { BudgetingService } from "./budgeting.service.ts";
export { lockBudget } from "./budgeting.locks.repo.ts";
export { ensureCoversAllocations } from "./budgeting.rules.ts";
