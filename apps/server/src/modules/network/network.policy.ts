import { type Actor, type Rule, sameCompany } from "../../lib/actor.ts";

type CollectionRef = { companyId: number; ownerId: number; status: "private" | "pending" | "published" };

/**
 * Collaborative network rules (PRODUCT.md): collections are private to their owner until the
 * L&D leader publishes them; published ones are the company's learning paths. The L&D leader
 * (who curates the library) may read every collection of the company.
 */
export const networkPolicy = {
  readCollection: ((a, c) => sameCompany(a, c.companyId) && (c.ownerId === a.accountId || c.status === "published" || a.role === "ldleader")) as Rule<CollectionRef>,
  editCollection: ((a, c) => sameCompany(a, c.companyId) && c.ownerId === a.accountId) as Rule<CollectionRef>,
  requestPublish: ((a, c) => sameCompany(a, c.companyId) && c.ownerId === a.accountId && c.status === "private") as Rule<CollectionRef>,
  follow: ((a, c) => sameCompany(a, c.companyId) && c.status === "published") as Rule<CollectionRef>,
  decidePublish: ((a) => a.role === "ldleader") as Rule<null>,
  /** ldleader assigns plans to anyone of the company; a team leader to their own team only. */
  assignAccount: ((a, target) =>
    sameCompany(a, target.companyId) &&
    target.status === "active" &&
    (a.role === "ldleader" || (a.role === "teamleader" && a.teamId !== null && target.teamId === a.teamId))) as Rule<{
    companyId: number | null;
    teamId: number | null;
    status: string;
  }>,
  assignTeam: ((a, team) => sameCompany(a, team.companyId) && (a.role === "ldleader" || (a.role === "teamleader" && a.teamId === team.id))) as Rule<{
    id: number;
    companyId: number;
  }>,
  readPlan: ((a, p) => sameCompany(a, p.companyId) && (a.role === "ldleader" || p.createdBy === a.accountId || (a.role === "teamleader" && a.teamId !== null && p.teamIds.includes(a.teamId)))) as Rule<{
    companyId: number;
    createdBy: number;
    teamIds: number[];
  }>,
  /** Progress of a team's people on every plan they hold: the L&D leader for any team, a team leader for their own. */
  readTeamProgress: ((a, team) => sameCompany(a, team.companyId) && (a.role === "ldleader" || (a.role === "teamleader" && a.teamId === team.id))) as Rule<{
    id: number;
    companyId: number;
  }>,
  editPlan: ((a, p) => sameCompany(a, p.companyId) && (a.role === "ldleader" || p.createdBy === a.accountId)) as Rule<{ companyId: number; createdBy: number }>,
};
export const PLANNERS = ["ldleader", "teamleader"] as const;
export type { Actor };
