import { z } from "zod";
import { filter as scimFilter, parse as parseFilter } from "scim2-parse-filter";
import { scimPatch, type ScimPatchOperation, type ScimResource, ScimError as PatchError } from "scim-patch";
import { ScimError, scimNotFound } from "./scim.errors.ts";
import { listResponse, presentScimGroup, type ScimGroup } from "./scim.present.ts";
import type { ScimGroupsRepo } from "./scim-groups.repo.ts";
import { type ListQuery, PatchBody, type ScimCaller, invalid, reasonOf } from "./scim-users.service.ts";

const Members = z.array(z.object({ value: z.string() })).optional();
const GroupBody = z.object({ displayName: z.string().trim().min(1).max(100), members: Members });
const idsOf = (members: Array<{ value: string }> | undefined) => [
  ...new Set((members ?? []).map((m) => Number(m.value)).filter((n) => Number.isInteger(n) && n > 0)),
];

/** SCIM Groups (RFC 7644 §3) over the teams of the token's company: members are the team's people. */
export function createScimGroupsService({ repo, baseUrl }: { repo: ScimGroupsRepo; baseUrl: string }) {
  const present = (g: Parameters<typeof presentScimGroup>[0]) => presentScimGroup(g, baseUrl);
  const find = async (c: ScimCaller, id: string) => {
    const g = /^\d{1,9}$/.test(id) ? await repo.group(c.companyId, Number(id)) : undefined;
    if (!g) throw scimNotFound("Group");
    return g;
  };
  const taken = () => new ScimError(409, "The company has a team of this name already", "uniqueness");
  /** Only the company's own active people join a team: another company's id is refused, not ignored. */
  const checkMembers = async (c: ScimCaller, ids: number[]) => {
    const known = new Set(await repo.placeable(c.companyId, ids));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw new ScimError(400, `No such users: ${unknown.join(", ")}`, "invalidValue");
  };

  return {
    async list(c: ScimCaller, q: z.infer<typeof ListQuery>) {
      let match: (g: ScimGroup) => boolean = () => true;
      if (q.filter) {
        try {
          match = scimFilter(parseFilter(q.filter));
        } catch {
          throw new ScimError(400, "The filter is not a valid SCIM filter", "invalidFilter");
        }
      }
      const all = (await repo.groups(c.companyId)).map(present).filter(match);
      const start = Math.max(1, q.startIndex ?? 1);
      const count = Math.min(Math.max(0, q.count ?? 100), 200);
      return listResponse(all.slice(start - 1, start - 1 + count), all.length, start);
    },
    async get(c: ScimCaller, id: string) {
      return present(await find(c, id));
    },
    async create(c: ScimCaller, body: unknown) {
      const parsed = GroupBody.safeParse(body);
      if (!parsed.success) throw invalid(parsed.error);
      const members = idsOf(parsed.data.members);
      await checkMembers(c, members);
      const row = await repo.create(c.companyId, parsed.data.displayName, reasonOf(c));
      if (!row) throw taken();
      if (members.length) await repo.setMembers(c.companyId, row.id, members, [], reasonOf(c));
      return present((await repo.group(c.companyId, row.id))!);
    },
    /** Azure AD's `Add`/`Remove` on `members` (with values or a `members[value eq "…"]` path) and Okta's rename. */
    async patch(c: ScimCaller, id: string, body: unknown) {
      const g = await find(c, id);
      const parsed = PatchBody.safeParse(body);
      if (!parsed.success) throw invalid(parsed.error);
      let patched: ScimGroup;
      try {
        // Members by value only: Azure AD removes `{ value }` items, which scim-patch matches whole.
        const resource = { ...present(g), members: g.members.map((m) => ({ value: String(m.id) })) } as unknown as ScimResource;
        patched = scimPatch(resource, parsed.data.Operations as ScimPatchOperation[], {
          mutateDocument: false,
          treatMissingAsAdd: true,
        }) as unknown as ScimGroup;
      } catch (err) {
        if (err instanceof PatchError) throw new ScimError(400, err.message, "invalidValue");
        throw err;
      }
      const next = GroupBody.safeParse(patched);
      if (!next.success) throw invalid(next.error);
      const now = idsOf(next.data.members);
      const before = g.members.map((m) => m.id);
      const add = now.filter((m) => !before.includes(m));
      const remove = before.filter((m) => !now.includes(m));
      await checkMembers(c, add);
      if (next.data.displayName !== g.name && !(await repo.rename(c.companyId, g.id, g.name, next.data.displayName, reasonOf(c)))) throw taken();
      if (add.length || remove.length) await repo.setMembers(c.companyId, g.id, add, remove, reasonOf(c));
      return present((await repo.group(c.companyId, g.id))!);
    },
    async remove(c: ScimCaller, id: string) {
      await repo.remove(c.companyId, await find(c, id), reasonOf(c));
    },
  };
}
export type ScimGroupsService = ReturnType<typeof createScimGroupsService>;
