import type { Role } from "@learnward/contracts";
import type { Actor } from "../src/lib/actor.ts";

/** Company 1 with team 7; company 2 is another company. Ids: 1..7 by kind, so "own" rows are recognisable. */
export const COMPANY = 1;
export const OTHER_COMPANY = 2;
export const TEAM = 7;
export const OTHER_TEAM = 8;

const actor = (accountId: number, role: Role, companyId: number | null, teamId: number | null): Actor => ({
  uid: `uid-${accountId}`,
  accountId,
  email: `${accountId}@x.test`,
  role,
  companyId,
  teamId,
  twoFactorPending: false,
});

/** Every kind of caller a policy must answer for (a policy test's rows), in a stable order. */
export const ACTORS = {
  admin: actor(1, "admin", null, null),
  hr: actor(2, "hr", COMPANY, null),
  ldleader: actor(3, "ldleader", COMPANY, null),
  teamleader: actor(4, "teamleader", COMPANY, TEAM),
  teamleaderWithoutTeam: actor(5, "teamleader", COMPANY, null),
  member: actor(6, "member", COMPANY, TEAM),
  otherCompanyHr: actor(7, "hr", OTHER_COMPANY, null),
  otherCompanyLdleader: actor(8, "ldleader", OTHER_COMPANY, null),
  otherCompanyTeamleader: actor(9, "teamleader", OTHER_COMPANY, TEAM),
} as const;
export type ActorKey = keyof typeof ACTORS;

/** The callers a rule allows, of every kind in ACTORS: one list per rule keeps a table readable. */
export const allowedBy = (rule: (a: Actor) => boolean): ActorKey[] => (Object.keys(ACTORS) as ActorKey[]).filter((k) => rule(ACTORS[k]));

/** The callers who see company 1's rows when a rule is only "same company": its people, and the platform operator. */
export const SEES_COMPANY: ActorKey[] = ["admin", "hr", "ldleader", "teamleader", "teamleaderWithoutTeam", "member"];
