import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { accounts, teams } from "../../db/schema/index.ts";
import { auditTeam, type SystemActor, uniqueViolation } from "./people.repo.ts";

/** The rule, once: only the company's own active people join one of its teams. */
async function joinableTx(tx: Db | Tx, companyId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), inArray(accounts.id, ids), eq(accounts.status, "active")));
  return rows.map((r) => r.id);
}

/**
 * A company's teams as its directory changes them (SCIM Groups): rename, members, delete,
 * each in one transaction and audited in the system actor's name. hr's own team writes are in
 * people.repo.ts (createTeam serves both, so `team.created` is emitted once).
 */
export function createTeamDirectoryRepo(db: Db) {
  return {
    /** The ids among `ids` that may join one of the company's teams. */
    async joinable(companyId: number, ids: number[]) {
      return joinableTx(db, companyId, ids);
    },

    /** A system actor's rename, audited: "not_found", "name_taken" (another team of the company has it) or "renamed". */
    async renameTeam(companyId: number, id: number, name: string, by: SystemActor) {
      try {
        return await db.transaction(async (tx) => {
          const [before] = await tx
            .select({ name: teams.name })
            .from(teams)
            .where(and(eq(teams.id, id), eq(teams.companyId, companyId)));
          if (!before) return "not_found" as const;
          await tx.update(teams).set({ name }).where(eq(teams.id, id));
          await auditTeam(tx, by, companyId, id, "rename", { before: { name: before.name }, after: { name } });
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
        const [team] = await tx
          .select({ id: teams.id })
          .from(teams)
          .where(and(eq(teams.id, id), eq(teams.companyId, companyId)));
        if (!team) return { refused: change.add };
        const joinable = new Set(await joinableTx(tx, companyId, change.add));
        const refused = change.add.filter((a) => !joinable.has(a));
        if (refused.length) return { refused };
        const { add, remove } = change;
        if (add.length) {
          await tx
            .update(teams)
            .set({ leaderAccountId: null })
            .where(and(eq(teams.companyId, companyId), inArray(teams.leaderAccountId, add), sql`${teams.id} <> ${id}`));
          await tx.update(accounts).set({ teamId: id }).where(inArray(accounts.id, add));
          await auditTeam(tx, by, companyId, id, "add_members", { after: { account_ids: add } });
        }
        if (remove.length) {
          await tx
            .update(teams)
            .set({ leaderAccountId: null })
            .where(and(eq(teams.id, id), inArray(teams.leaderAccountId, remove)));
          await tx
            .update(accounts)
            .set({ teamId: null })
            .where(and(eq(accounts.teamId, id), inArray(accounts.id, remove)));
          await auditTeam(tx, by, companyId, id, "remove_members", { after: { account_ids: remove } });
        }
        return { refused: [] as number[] };
      });
    },

    /** A system actor's delete: the team goes, its people stay without a team; false when the company has no such team. */
    async disbandTeam(companyId: number, id: number, by: SystemActor) {
      return db.transaction(async (tx) => {
        const [team] = await tx
          .select({ name: teams.name })
          .from(teams)
          .where(and(eq(teams.id, id), eq(teams.companyId, companyId)));
        if (!team) return false;
        const left = await tx.update(accounts).set({ teamId: null }).where(eq(accounts.teamId, id)).returning({ id: accounts.id });
        await tx.delete(teams).where(eq(teams.id, id));
        await auditTeam(tx, by, companyId, id, "delete", { before: { name: team.name, account_ids: left.map((a) => a.id).sort((a, b) => a - b) } });
        return true;
      });
    },
  };
}
export type TeamDirectoryRepo = ReturnType<typeof createTeamDirectoryRepo>;
