// No zod here: the web app runs these in its first load, where zod does not fit the budget.
import type { AccountAbilities, Role } from "./identity.ts";

/** Who is asking, as far as account-level abilities care: the role and whether they have a team. */
export interface AbilitySubject {
  role: Role;
  teamId: number | null;
}

/** What the server answering offers whoever asks: a development outbox of the mail it would send (never in production). */
export interface Deployment {
  outbox: boolean;
}

// One function per module: the server's policies state their rules with these, so the two cannot drift.

/** people.policy: hr runs people company-wide; the L&D leader reads everyone; a team leader their own team. */
export const peopleAccountAbilities = ({ role }: AbilitySubject) => ({
  see_people: role === "hr" || role === "ldleader" || role === "teamleader",
  see_all_people: role === "hr" || role === "ldleader",
  see_own_team: role === "teamleader",
  manage_people: role === "hr",
  decide_people_requests: role === "hr",
  request_people_changes: role === "teamleader",
});

/** network.policy: the L&D leader and team leaders plan; the L&D leader publishes collections. */
export const networkAccountAbilities = ({ role }: AbilitySubject) => ({
  see_plan_progress: role === "ldleader" || role === "teamleader",
  assign_plans: role === "ldleader" || role === "teamleader",
  decide_publish_requests: role === "ldleader",
});

/** budgeting.policy: the L&D leader runs the company budget; a team leader sees and decides for their team. */
export const budgetingAccountAbilities = ({ role, teamId }: AbilitySubject) => ({
  see_team_budget: role === "ldleader" || role === "teamleader",
  manage_company_budget: role === "ldleader",
  // A team leader without a team decides nothing (budgeting.policy decideScope).
  decide_purchase_requests: role === "ldleader" || (role === "teamleader" && teamId !== null),
  // Requests are paid from a team's budget: without a team there is none to ask.
  request_purchases: teamId !== null,
});

/** chat.policy: hr connects the company's Slack and Teams (a platform operator through /admin). */
export const chatAccountAbilities = ({ role }: AbilitySubject) => ({ manage_chat_hooks: role === "hr" });

/** scim.policy: hr connects the company's directory over SCIM (a platform operator through /admin). */
export const scimAccountAbilities = ({ role }: AbilitySubject) => ({ manage_scim_token: role === "hr" });
/** lrs.policy: hr and the L&D leader manage the learning record store's credentials and see what waits; the L&D leader maps activities to items. */
export const lrsAccountAbilities = ({ role }: AbilitySubject) => ({
  manage_lrs: role === "hr" || role === "ldleader",
  map_xapi_activities: role === "ldleader",
});
/** certificates.policy: hr of the company sees anyone's certificates and revokes them. */
export const certificatesAccountAbilities = ({ role }: AbilitySubject) => ({ revoke_certificates: role === "hr" });
/** skills.policy: a team's skill levels (the skills matrix) are read by its managers, hr and the L&D leader. */
export const skillsAccountAbilities = ({ role }: AbilitySubject) => ({ see_team_skill_levels: role === "hr" || role === "ldleader" || role === "teamleader" });
/** compliance.policy: the L&D leader requires paths; hr and the L&D leader read the company's standing. */
export const complianceAccountAbilities = ({ role }: AbilitySubject) => ({
  manage_compliance: role === "ldleader",
  read_compliance: role === "ldleader" || role === "hr",
});
/** sso.policy: hr connects the company's identity provider (a platform operator through /admin). */
export const ssoAccountAbilities = ({ role }: AbilitySubject) => ({ manage_sso: role === "hr" });

/** library.policy: the L&D leader, who curates the library and publishes collections, hides and merges catalog items and supplies content; hr follows feeds too. */
export const libraryAccountAbilities = ({ role }: AbilitySubject) => ({
  curate_catalog: role === "ldleader",
  // An operator adds it to any company through /admin (library.policy addStarterCatalog).
  add_starter_catalog: role === "ldleader",
  manage_catalog_feeds: role === "ldleader" || role === "hr",
});

/**
 * identity: a company's pages (the learner home, Discover, insights, paths, budgets, people) read
 * the company's data, which its people alone may (COMPANY_ROLES); a platform operator holds no
 * company and works in /admin.
 */
export const companyAccountAbilities = ({ role }: AbilitySubject) => ({ company_area: !mayHaveNoCompany(role) });

/** admin: platform operators only. */
export const adminAccountAbilities = ({ role }: AbilitySubject) => ({ admin_area: role === "admin" });

/** system: the development outbox holds reset and invitation links: platform operators only, where the server keeps one. */
export const systemAccountAbilities = ({ role }: AbilitySubject, { outbox }: Deployment) => ({ read_outbox: outbox && role === "admin" });

/** Everyone but a platform operator belongs to exactly one company (PRODUCT.md): admin.policy and the admin form ask this. */
export const mayHaveNoCompany = (role: Role | undefined) => role === "admin";

/**
 * What is wrong with an account of `role` that has (or has no) company, or null when it may stand: a
 * platform operator holds no company (else it would also count as one of that company's people), and
 * everyone else holds one. admin.policy checks the state every change of role or company leaves; the
 * admin form asks the same before sending.
 */
export const roleCompanyMismatch = (role: Role, hasCompany: boolean): "operator_has_company" | "company_required" | null =>
  mayHaveNoCompany(role) === hasCompany ? (hasCompany ? "operator_has_company" : "company_required") : null;

export function accountAbilities(who: AbilitySubject, deployment: Deployment = { outbox: false }): AccountAbilities {
  return {
    ...companyAccountAbilities(who),
    ...adminAccountAbilities(who),
    ...systemAccountAbilities(who, deployment),
    ...peopleAccountAbilities(who),
    ...networkAccountAbilities(who),
    ...budgetingAccountAbilities(who),
    ...chatAccountAbilities(who),
    ...scimAccountAbilities(who),
    ...ssoAccountAbilities(who),
    ...lrsAccountAbilities(who),
    ...certificatesAccountAbilities(who),
    ...skillsAccountAbilities(who),
    ...complianceAccountAbilities(who),
    ...libraryAccountAbilities(who),
  };
}
