import { z } from "zod";
import { ScimError, scimNotFound } from "./scim.errors.ts";
import { applyScimPatch } from "./scim.patch.ts";
import { presentScimGroup } from "./scim.present.ts";
import type { SystemActor, TeamDirectory } from "../people/index.ts";
import type { ScimGroupsRepo } from "./scim-groups.repo.ts";
import { type ListQuery, listPage, PatchBody, type ScimCaller, invalid, reasonOf } from "./scim-users.service.ts";

const Members = z.array(z.object({ value: z.string() })).optional();
const GroupBody = z.object({ displayName: z.string().trim().min(1).max(100), members: Members });
const idsOf = (members: Array<{ value: string }> | undefined) => [
  ...new Set((members ?? []).map((m) => Number(m.value)).filter((n) => Number.isInteger(n) && n > 0)),
];

/** SCIM Groups (RFC 7644 §3) over the teams of the token's company: members are the team's people. */
export function createScimGroupsService({
  repo,
  people,
  teams,
  baseUrl,
}: {
  repo: ScimGroupsRepo;
  people: Pick<TeamDirectory, "createTeam">;
  teams: TeamDirectory;
  baseUrl: string;
}) {
  const present = (g: Parameters<typeof presentScimGroup>[0]) => presentScimGroup(g, baseUrl);
  const find = async (c: ScimCaller, id: string) => {
    const g = /^\d{1,9}$/.test(id) ? await repo.group(c.companyId, Number(id)) : undefined;
    if (!g) throw scimNotFound("Group");
    return g;
  };
  const taken = () => new ScimError(409, "The company has a team of this name already", "uniqueness");
  const by = (c: ScimCaller): SystemActor => ({ actorId: null, reason: reasonOf(c) });
  const noSuchUsers = (ids: number[]) => new ScimError(400, `No such users: ${ids.join(", ")}`, "invalidValue");
  /** Who may join is people's rule; the directory also can't place anyone it deleted. Another company's id is refused, not ignored. */
  const checkMembers = async (c: ScimCaller, ids: number[]) => {
    const joinable = new Set(await teams.joinable(c.companyId, ids));
    const deleted = new Set(await repo.deleted(c.companyId, ids));
    const unknown = ids.filter((id) => !joinable.has(id) || deleted.has(id));
    if (unknown.length) throw noSuchUsers(unknown);
  };
  const setMembers = async (c: ScimCaller, id: number, add: number[], remove: number[]) => {
    const { refused } = await teams.setTeamMembers(c.companyId, id, { add, remove }, by(c));
    if (refused.length) throw noSuchUsers(refused);
  };

  return {
    async list(c: ScimCaller, q: z.infer<typeof ListQuery>) {
      return listPage((await repo.groups(c.companyId)).map(present), q);
    },
    async get(c: ScimCaller, id: string) {
      return present(await find(c, id));
    },
    async create(c: ScimCaller, body: unknown) {
      const parsed = GroupBody.safeParse(body);
      if (!parsed.success) throw invalid(parsed.error);
      const members = idsOf(parsed.data.members);
      await checkMembers(c, members);
      const row = await people.createTeam(c.companyId, parsed.data.displayName, by(c));
      if (!row) throw taken();
      if (members.length) await setMembers(c, row.id, members, []);
      return present((await repo.group(c.companyId, row.id))!);
    },
    /** Azure AD's `Add`/`Remove` on `members` (with values or a `members[value eq "…"]` path) and Okta's rename. */
    async patch(c: ScimCaller, id: string, body: unknown) {
      const g = await find(c, id);
      const parsed = PatchBody.safeParse(body);
      if (!parsed.success) throw invalid(parsed.error);
      // Members by value only: Azure AD removes `{ value }` items, which scim-patch matches whole.
      const patched = applyScimPatch({ ...present(g), members: g.members.map((m) => ({ value: String(m.id) })) }, parsed.data.Operations);
      const next = GroupBody.safeParse(patched);
      if (!next.success) throw invalid(next.error);
      const now = idsOf(next.data.members);
      const before = g.members.map((m) => m.id);
      const add = now.filter((m) => !before.includes(m));
      const remove = before.filter((m) => !now.includes(m));
      await checkMembers(c, add);
      if (next.data.displayName !== g.name) {
        const renamed = await teams.renameTeam(c.companyId, g.id, next.data.displayName, by(c));
        if (renamed === "name_taken") throw taken();
        if (renamed === "not_found") throw scimNotFound("Group");
      }
      if (add.length || remove.length) await setMembers(c, g.id, add, remove);
      return present((await repo.group(c.companyId, g.id))!);
    },
    async remove(c: ScimCaller, id: string) {
      if (!(await teams.disbandTeam(c.companyId, (await find(c, id)).id, by(c)))) throw scimNotFound("Group");
    },
  };
}
export type ScimGroupsService = ReturnType<typeof createScimGroupsService>;
