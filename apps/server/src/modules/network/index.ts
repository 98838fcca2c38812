/**
 * What the network module offers the others: its policy, services, the done, cycle and plan scopes and the
 * collection summary. Other modules import from here only (eslint refuses a path into another
 * module's files); app.ts builds the module itself with network.module.ts.
 */
export { networkPolicy } from "./network.policy.ts";
export { doneBy, doneItems } from "./done.scope.ts";
export { latestCompletedCycle } from "./cycles.scope.ts";
export { notTeamLeader, planItemsFor } from "./plans.scope.ts";
export { presentSummary } from "./network.present.ts";
export type { CollectionsService } from "./collections.service.ts";
export type { PlansService } from "./plans.service.ts";
export type { PlansRepo } from "./plans.repo.ts";
