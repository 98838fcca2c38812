import { networkAccountAbilities } from "@learnward/contracts";
import { type Actor, type Rule, sameCompany } from "../../lib/actor.ts";

type CollectionRef = { companyId: number; ownerId: number; status: "private" | "pending" | "published" };
type WithDraft = CollectionRef & { draft: { state: "editing" | "in_review" | "rejected" } | null };
const editCollection = ((a, c) => sameCompany(a, c.companyId) && c.ownerId === a.accountId) as Rule<CollectionRef>;

/**
 * Collaborative network rules (PRODUCT.md): collections are private to their owner until the
 * L&D leader publishes them; published ones are the company's learning paths. The L&D leader
 * (who curates the library) may read every collection of the company.
 */
export const networkPolicy = {
  /** Account-level abilities on /api/me (contracts' networkAccountAbilities, shared with the web app's fixtures). */
  accountAbilities: (a: Actor) => networkAccountAbilities(a),
  /** The plans a list shows: the company's for the L&D leader; a team leader's own and their team's (readPlan). */
  planScope: (a: Actor) => ({ all: a.role === "ldleader", accountId: a.accountId, teamId: a.teamId }),
  /** Progress on a plan across teams: the L&D leader, and whoever created the plan; others see their own team's people. */
  readAllProgress: ((a, p) => a.role === "ldleader" || p.createdBy === a.accountId) as Rule<{ createdBy: number }>,
  readCollection: ((a, c) =>
    sameCompany(a, c.companyId) && (c.ownerId === a.accountId || c.status === "published" || a.role === "ldleader")) as Rule<CollectionRef>,
  /** Edits of a published collection go to its draft; colleagues see the published version. */
  editCollection,
  /** The draft of a published collection: its owner, and the L&D leader who reviews it. */
  readDraft: ((a, c) => sameCompany(a, c.companyId) && (c.ownerId === a.accountId || a.role === "ldleader")) as Rule<CollectionRef>,
  submitDraft: ((a, c) => editCollection(a, c) && c.status === "published" && c.draft !== null && c.draft.state !== "in_review") as Rule<WithDraft>,
  discardDraft: ((a, c) => editCollection(a, c) && c.draft !== null) as Rule<WithDraft>,
  requestPublish: ((a, c) => sameCompany(a, c.companyId) && c.ownerId === a.accountId && c.status === "private") as Rule<CollectionRef>,
  follow: ((a, c) => sameCompany(a, c.companyId) && c.status === "published") as Rule<CollectionRef>,
  decidePublish: ((a) => networkAccountAbilities(a).decide_publish_requests) as Rule<null>,
  /** An item of one's own library counts towards a plan one holds while it is open: not finished, not declined. */
  countTowardsPlan: ((_a, held) => held.status === "pending" || held.status === "active") as Rule<{ status: string }>,
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
  readPlan: ((a, p) =>
    sameCompany(a, p.companyId) &&
    (a.role === "ldleader" || p.createdBy === a.accountId || (a.role === "teamleader" && a.teamId !== null && p.teamIds.includes(a.teamId)))) as Rule<{
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
