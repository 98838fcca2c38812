import { type CompanyRole, peopleAccountAbilities, type Role } from "@learnward/contracts";
import { type Actor, type Rule, sameCompany } from "../../lib/actor.ts";

/** Higher outranks lower; hr may act on people up to its own rank, never on admins (PRODUCT.md). */
export const ROLE_RANK: Record<Role, number> = { member: 1, teamleader: 2, ldleader: 3, hr: 4, admin: 5 };

type Person = { id: number; companyId: number | null; teamId: number | null; role: Role; status: string };
type TeamRef = { id: number; companyId: number };

const isHr = (a: Actor) => a.role === "hr";
const companyWide = (a: Actor) => a.role === "hr" || a.role === "ldleader";

/**
 * People management rules (PRODUCT.md): hr runs teams, roles and decisions company-wide; the
 * L&D leader sees everyone (to assign plans); a team leader sees and files requests for their
 * own team; a member sees their own team.
 */
export const peoplePolicy = {
  /** Account-level abilities on /api/me (contracts' peopleAccountAbilities, shared with the web app's fixtures). */
  accountAbilities: (a: Actor) => peopleAccountAbilities(a),
  /** The invite and removal requests a list shows: hr the company's; a team leader their team's (-1, none, without one). */
  requestScope: (a: Actor): { teamId: number | undefined } => ({ teamId: isHr(a) ? undefined : (a.teamId ?? -1) }),
  manageTeams: ((a, team) => isHr(a) && sameCompany(a, team.companyId)) as Rule<{ companyId: number }>,
  readTeam: ((a, team) => sameCompany(a, team.companyId) && (companyWide(a) || a.teamId === team.id)) as Rule<TeamRef>,
  listAllEmployees: ((a) => companyWide(a)) as Rule<null>,
  listOwnTeam: ((a) => a.role === "teamleader" && a.teamId !== null) as Rule<null>,
  changeRole: ((a, { target, role }) =>
    isHr(a) &&
    sameCompany(a, target.companyId) &&
    target.id !== a.accountId &&
    ROLE_RANK[target.role] <= ROLE_RANK[a.role] &&
    ROLE_RANK[role] <= ROLE_RANK[a.role]) as Rule<{ target: Person; role: Role }>,
  moveEmployee: ((a, target) => isHr(a) && sameCompany(a, target.companyId)) as Rule<Person>,
  deactivate: ((a, target) =>
    isHr(a) && sameCompany(a, target.companyId) && target.id !== a.accountId && ROLE_RANK[target.role] <= ROLE_RANK[a.role]) as Rule<Person>,
  /** hr invites into its own company; a platform operator into any (a new company's first hr person). */
  invite: ((a, company) => (isHr(a) && sameCompany(a, company.companyId)) || a.role === "admin") as Rule<{ companyId: number }>,
  /** An invitation: hr of its company lists, resends and revokes it; a platform operator any company's. */
  manageInvitation: ((a, inv) => (isHr(a) && sameCompany(a, inv.companyId)) || a.role === "admin") as Rule<{ companyId: number }>,
  requestInvite: ((a, team) => a.role === "teamleader" && sameCompany(a, team.companyId) && a.teamId === team.id) as Rule<TeamRef>,
  requestRemoval: ((a, target) =>
    a.role === "teamleader" &&
    sameCompany(a, target.companyId) &&
    a.teamId !== null &&
    target.teamId === a.teamId &&
    target.id !== a.accountId &&
    target.status === "active") as Rule<Person>,
  decideRequests: ((a) => isHr(a)) as Rule<null>,
  /** hr sees every request of the company; a team leader those of their own team. */
  readRequest: ((a, r) => sameCompany(a, r.companyId) && (isHr(a) || (a.role === "teamleader" && a.teamId === r.teamId))) as Rule<{
    companyId: number;
    teamId: number;
  }>,
};

/** Which company's invitations a list shows: hr their own; a platform operator every company's, or the one asked for. */
export function invitationScope(a: Actor, company: number | undefined): { companyId?: number } {
  return a.role === "admin" ? { companyId: company } : { companyId: a.companyId ?? -1 };
}

/** An invitation gives a company role: never a platform operator's (an old row naming admin reads as member). */
export const invitableRole = (role: Role): CompanyRole => (role === "admin" ? "member" : role);
