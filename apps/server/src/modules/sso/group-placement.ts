import type { SsoGroupMappings, UpdateSsoGroupMappingsRequest } from "@learnward/contracts";
import { type Actor, authorize } from "../../lib/actor.ts";
import { notFound } from "../../lib/errors.ts";
import { ownValue } from "../../lib/own-keys.ts";
import type { TeamDirectory } from "../people/index.ts";
import type { GroupMappingsRepo, SsoGroupsRow } from "./group-mappings.repo.ts";
import { ssoPolicy } from "./sso.policy.ts";

export const DEFAULT_GROUPS_CLAIM = "groups";
/** The audit trail's name for the change: no account acted, the identity provider's groups did. */
const BY_GROUPS = { actorId: null, reason: "single sign-on: identity provider groups" } as const;

/** People's writes this needs: role changes and team membership exactly as people makes them (audited). */
export interface PlacementPeople {
  repo: Pick<TeamDirectory, "employee" | "team" | "updateEmployee">;
  teams: Pick<TeamDirectory, "setTeamMembers">;
}

/** The groups an identity provider sent: a list of strings, or one string; anything else is none. */
export function groupsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((g): g is string => typeof g === "string") : [];
}

/**
 * Where a company's just-in-time single sign-on accounts land by their identity provider groups:
 * hr (or a platform operator) keeps an ordered list of rules; the first rule whose group
 * the person has gives its role and team. No matching rule leaves the person a member.
 * `people` is a getter: people is built after single sign-on (identity needs sso's plugin first).
 */
export function createGroupPlacement(deps: { repo: GroupMappingsRepo; people: () => PlacementPeople; log: { warn(obj: unknown, msg: string): void } }) {
  const { repo, log } = deps;

  /** The company's rules, without a team deleted since they were saved. */
  async function present(companyId: number, row: SsoGroupsRow | undefined): Promise<SsoGroupMappings> {
    const rules = [];
    for (const r of row?.rules ?? []) {
      const team = r.teamId === null ? null : await deps.people().repo.team(companyId, r.teamId);
      rules.push({ group: r.group, role: r.role, team_id: team ? r.teamId : null });
    }
    return { groups_claim: row?.groupsClaim ?? DEFAULT_GROUPS_CLAIM, rules, updated_at: row?.updatedAt.toISOString() ?? null };
  }

  const placement = {
    async read(actor: Actor, companyId: number): Promise<SsoGroupMappings> {
      authorize(actor, ssoPolicy.manage, { companyId }, "not_found");
      return present(companyId, await repo.read(companyId));
    },

    /** Replaces the rules; a team named must be one of the company's (another company's is not found, like a missing one). */
    async update(actor: Actor, companyId: number, body: UpdateSsoGroupMappingsRequest): Promise<SsoGroupMappings> {
      authorize(actor, ssoPolicy.manage, { companyId }, "not_found");
      for (const rule of body.rules) {
        if (rule.team_id !== null && !(await deps.people().repo.team(companyId, rule.team_id))) throw notFound("Team");
      }
      const rules = body.rules.map((r) => ({ group: r.group, role: r.role, teamId: r.team_id }));
      return present(companyId, await repo.save(actor.accountId, companyId, { groupsClaim: body.groups_claim, rules }));
    },

    /** The claim (OIDC) or attribute (SAML) the company's provider names groups in. */
    async groupsClaim(companyId: number): Promise<string> {
      return (await repo.read(companyId))?.groupsClaim ?? DEFAULT_GROUPS_CLAIM;
    },

    /** The groups named in an OIDC id_token, read from the claim the company chose. */
    async oidcGroups(companyId: number, claims: Record<string, unknown>): Promise<string[]> {
      return groupsOf(ownValue(claims, await placement.groupsClaim(companyId)));
    },

    /** placeByGroups for a person just created by single sign-on: a failure is logged and leaves them a member, signed in. */
    async placeNewcomer(companyId: number, userId: string, groups: string[]): Promise<void> {
      try {
        await placement.placeByGroups(companyId, userId, groups);
      } catch (err) {
        log.warn({ err, companyId }, "SSO group placement failed");
      }
    },

    /**
     * Places a person single sign-on has just created (better-auth user id `userId`) by the groups
     * their identity provider sent: the first matching rule's role and team, through people's own
     * writes. Answers the rule applied, or null (no rule matched: the person stays a member). OIDC
     * and SAML both call this once, right after the just-in-time account is created.
     */
    async placeByGroups(companyId: number, userId: string, groups: string[]) {
      const row = await repo.read(companyId);
      const rule = row?.rules.find((r) => groups.includes(r.group));
      if (!rule) return null;
      const accountId = await repo.accountOfUser(companyId, userId);
      const people = deps.people();
      const person = accountId === undefined ? undefined : await people.repo.employee(companyId, accountId);
      if (!person) return null;
      if (person.role !== rule.role) await people.repo.updateEmployee(BY_GROUPS.actorId, person, { role: rule.role, reason: BY_GROUPS.reason });
      if (rule.teamId !== null && person.teamId !== rule.teamId) {
        const { refused } = await people.teams.setTeamMembers(companyId, rule.teamId, { add: [person.id], remove: [] }, BY_GROUPS);
        if (refused.length) log.warn({ companyId, teamId: rule.teamId }, "SSO group rule names a team the person cannot join");
      }
      return rule;
    },
  };
  return placement;
}
export type GroupPlacement = ReturnType<typeof createGroupPlacement>;
