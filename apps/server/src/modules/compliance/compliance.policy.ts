import { complianceAccountAbilities, type Role } from "@learnward/contracts";
import { type Actor, COMPANY_ROLES, type Rule } from "../../lib/actor.ts";

/** The company roles an account ability of this module is given to. */
const rolesWith = (ability: keyof ReturnType<typeof complianceAccountAbilities>): Role[] =>
  COMPANY_ROLES.filter((role) => complianceAccountAbilities({ role, teamId: null })[ability]);

/** Compliance lives inside a company: no platform operator or other company reads or sets it. */
const inCompany = (a: Actor, companyId: number | null) => a.companyId !== null && a.companyId === companyId;

/**
 * Compliance rules. The L&D leader, who curates the company's paths and plans its learning, says
 * which path is required of whom (hr does not author learning elsewhere either: plans and the
 * catalog are the L&D leader's); hr and the L&D leader read the company's compliance and its audit
 * export; everyone reads their own required paths.
 */
export const compliancePolicy = {
  accountAbilities: (a: Actor) => complianceAccountAbilities(a),
  /** Who passes each route's gate: everyone of a company reads their own; the rules below decide the rest. */
  callers: COMPANY_ROLES,
  /** The gates of the routes that manage requirements and read the company's standing: the roles the abilities name. */
  managers: rolesWith("manage_compliance"),
  readers: rolesWith("read_compliance"),
  /** Requirements of the company: made, changed and removed by its L&D leader. */
  manage: ((a, r) => inCompany(a, r.companyId) && complianceAccountAbilities(a).manage_compliance) as Rule<{ companyId: number | null }>,
  /** The company's requirements and everyone's standing (insights, the auditors' CSV). */
  readCompany: ((a, companyId) => inCompany(a, companyId) && complianceAccountAbilities(a).read_compliance) as Rule<number>,
  /** A person starts a required path again themself, once its completion has expired or is within the renewal window (compliance.status.ts). */
  startAgain: ((a, s) => inCompany(a, s.companyId) && a.accountId === s.accountId && s.renewable) as Rule<{
    companyId: number;
    accountId: number;
    renewable: boolean;
  }>,
  /** A team or requirement named must be the company's own (else 404, as if there were none). */
  name: ((a, thing) => inCompany(a, thing.companyId)) as Rule<{ companyId: number | null }>,
  /** A path named must be one the caller sees: published in the company library, or their own draft (else 404). */
  namePath: ((a, path) => inCompany(a, path.companyId) && (path.status === "published" || path.ownerId === a.accountId)) as Rule<{
    companyId: number | null;
    status: string;
    ownerId: number;
  }>,
};
