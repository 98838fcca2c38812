/**
 * What the insights module offers the others: its policy and service. Other modules import from
 * here only (eslint refuses a path into another module's files); app.ts builds the module itself
 * with insights.module.ts.
 */
export { insightsPolicy } from "./insights.policy.ts";
export type { InsightsService } from "./insights.service.ts";
