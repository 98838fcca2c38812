/**
 * What the compliance module offers the others: its policy and service. Other modules import from
 * here only; app.ts builds the module itself with compliance.module.ts.
 */
export { compliancePolicy } from "./compliance.policy.ts";
export type { ComplianceService } from "./compliance.service.ts";
