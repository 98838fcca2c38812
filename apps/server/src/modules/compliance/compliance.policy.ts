import type { Role } from "@learnward/contracts";
import { type Actor, COMPANY_ROLES, type Rule } from "../../lib/actor.ts";

/** Compliance lives inside a company: no platform operator or other company reads or sets it. */
const inCompany = (a: Actor, companyId: number | null) => a.companyId !== null && a.companyId === companyId;

/**
 * Compliance rules. The L&D leader, who curates the company's paths and plans its learning, says
 * which path is required of whom (hr does not author learning elsewhere either: plans and the
 * catalog are the L&D leader's); hr and the L&D leader read the company's compliance and its audit
 * export; everyone reads their own required paths.
 */
export const compliancePolicy = {
  /** Who passes each route's gate: everyone of a company reads their own; the rules below decide the rest. */
  callers: COMPANY_ROLES,
  managers: ["ldleader"] as const satisfies readonly Role[],
  readers: ["hr", "ldleader"] as const satisfies readonly Role[],
  /** Requirements of the company: made, changed and removed by its L&D leader. */
  manage: ((a, r) => inCompany(a, r.companyId) && compliancePolicy.managers.some((r) => r === a.role)) as Rule<{ companyId: number | null }>,
  /** The company's requirements and everyone's standing (insights, the auditors' CSV). */
  readCompany: ((a, companyId) => inCompany(a, companyId) && compliancePolicy.readers.some((r) => r === a.role)) as Rule<number>,
  /** A team or requirement named must be the company's own (else 404, as if there were none). */
  name: ((a, thing) => inCompany(a, thing.companyId)) as Rule<{ companyId: number | null }>,
  /** A path named must be one the caller sees: published in the company library, or their own draft (else 404). */
  namePath: ((a, path) => inCompany(a, path.companyId) && (path.status === "published" || path.ownerId === a.accountId)) as Rule<{
    companyId: number | null;
    status: string;
    ownerId: number;
  }>,
};
