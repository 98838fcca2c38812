import { lrsAccountAbilities } from "@learnward/contracts";
import { type Actor, type Rule, sameCompany } from "../../lib/actor.ts";

/**
 * Learning record store rules: its credentials let an outside platform write learning records that
 * move people's items, so only hr and the L&D leader of the company manage them and see what waits;
 * the same people say where the company's own events are forwarded as statements, and see what failed
 * to get there; which catalog item an outside activity is, is the L&D leader's call, as the catalog is theirs.
 */
export const lrsPolicy = {
  accountAbilities: (a: Actor) => lrsAccountAbilities(a),
  manageCredentials: ((a, t) => lrsAccountAbilities(a).manage_lrs && sameCompany(a, t.companyId)) as Rule<{ companyId: number }>,
  /** Where the company's own events are forwarded (an outside LRS and its secret), and what failed to get there. */
  manageForwarding: ((a, t) => lrsAccountAbilities(a).manage_lrs && sameCompany(a, t.companyId)) as Rule<{ companyId: number }>,
  seeUnapplied: ((a, t) => lrsAccountAbilities(a).manage_lrs && sameCompany(a, t.companyId)) as Rule<{ companyId: number }>,
  mapActivities: ((a, t) => lrsAccountAbilities(a).map_xapi_activities && sameCompany(a, t.companyId)) as Rule<{ companyId: number }>,
};
