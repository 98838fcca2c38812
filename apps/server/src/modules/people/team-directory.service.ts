import type { Db } from "../../db/client.ts";
import type { EventBus } from "../../lib/events.ts";
import { type EmployeeRow, type PeopleRepo, type SystemActor, uniqueViolation } from "./people.repo.ts";
import type { TeamDirectoryRepo } from "./team-directory.repo.ts";

/**
 * People's writes that other modules make as people makes them: a company's directory (SCIM Groups)
 * creating, renaming, filling and deleting teams, and single sign-on placing a person by their
 * groups. Each is one transaction, audited; creating a team serves hr too, so `team.created` is
 * emitted in one place.
 */
export function createTeamDirectory(d: { db: Db; events: EventBus; people: PeopleRepo; repo: TeamDirectoryRepo }) {
  const { db, events, repo } = d;
  return {
    employee: d.people.employee,
    team: d.people.team,

    /** The ids among `ids` that may join one of the company's teams. */
    joinable: (companyId: number, ids: number[]) => repo.joinable(companyId, ids),

    /**
     * A new team, and its leader if named, in one transaction; undefined when the name is taken.
     * A system actor's team is audited in its name.
     */
    async createTeam(companyId: number, name: string, by: number | SystemActor, leaderId?: number | null) {
      return db.transaction(async (tx) => {
        const row = await d.people.insertTeam(tx, companyId, name, by, leaderId);
        if (!row) return row;
        await events.emit(tx, "team.created", { actorId: typeof by === "number" ? by : by.actorId, teamId: row.id });
        return row;
      });
    },

    /**
     * A change of a person (`before`, as read for the checks): a new role, a new team, deactivation;
     * in one transaction, answering the changed person from the writes.
     */
    async updateEmployee(actorId: number | null, before: EmployeeRow, change: Parameters<PeopleRepo["updateEmployee"]>[3]): Promise<EmployeeRow> {
      return db.transaction((tx) => d.people.updateEmployee(tx, actorId, before, change));
    },

    /** A system actor's rename, audited: "not_found", "name_taken" (another team of the company has it) or "renamed". */
    async renameTeam(companyId: number, id: number, name: string, by: SystemActor) {
      try {
        return await db.transaction(async (tx) => {
          const before = await repo.teamName(tx, companyId, id);
          if (before === undefined) return "not_found" as const;
          await repo.rename(tx, companyId, id, before, name, by);
          return "renamed" as const;
        });
      } catch (e) {
        if (uniqueViolation(e)) return "name_taken" as const;
        throw e;
      }
    },

    /**
     * Moves people into the company's team and takes others off it, in one transaction; leaving a
     * team gives up leading it. Answers the ids refused (not the company's active people), and then
     * changes nothing.
     */
    async setTeamMembers(companyId: number, id: number, change: { add: number[]; remove: number[] }, by: SystemActor) {
      return db.transaction(async (tx) => {
        if ((await repo.teamName(tx, companyId, id)) === undefined) return { refused: change.add };
        const joinable = new Set(await repo.joinable(companyId, change.add, tx));
        const refused = change.add.filter((a) => !joinable.has(a));
        if (refused.length) return { refused };
        const { add, remove } = change;
        if (add.length) await repo.addMembers(tx, companyId, id, add, by);
        if (remove.length) await repo.removeMembers(tx, companyId, id, remove, by);
        return { refused: [] as number[] };
      });
    },

    /** A system actor's delete: the team goes, its people stay without a team; false when the company has no such team. */
    async disbandTeam(companyId: number, id: number, by: SystemActor) {
      return db.transaction(async (tx) => {
        const name = await repo.teamName(tx, companyId, id);
        if (name === undefined) return false;
        await repo.disband(tx, companyId, id, name, by);
        return true;
      });
    },
  };
}
export type TeamDirectory = ReturnType<typeof createTeamDirectory>;
