import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { accounts, teams } from "../../db/schema/index.ts";
import { auditTeam, type SystemActor } from "./people.repo.ts";

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
 * A company's teams as its directory changes them (SCIM Groups): rename, members, delete, each
 * audited in the system actor's name (team-directory.service.ts makes each one transaction).
 * hr's own team writes are in people.repo.ts.
 */
export function createTeamDirectoryRepo(db: Db) {
  return {
    /** The ids among `ids` that may join one of the company's teams (`tx`: inside a write). */
    async joinable(companyId: number, ids: number[], tx: Db | Tx = db) {
      return joinableTx(tx, companyId, ids);
    },

    /** The company's team's name; undefined when the company has no such team. */
    async teamName(tx: Tx, companyId: number, id: number) {
      const [team] = await tx
        .select({ name: teams.name })
        .from(teams)
        .where(and(eq(teams.id, id), eq(teams.companyId, companyId)));
      return team?.name;
    },

    /** A system actor's rename, audited (a name another team of the company has fails as a unique violation). */
    async rename(tx: Tx, companyId: number, id: number, before: string, name: string, by: SystemActor) {
      await tx.update(teams).set({ name }).where(eq(teams.id, id));
      await auditTeam(tx, by, companyId, id, "rename", { before: { name: before }, after: { name } });
    },

    /** Moves people into the team; joining a team gives up leading another. */
    async addMembers(tx: Tx, companyId: number, id: number, add: number[], by: SystemActor) {
      await tx
        .update(teams)
        .set({ leaderAccountId: null })
        .where(and(eq(teams.companyId, companyId), inArray(teams.leaderAccountId, add), sql`${teams.id} <> ${id}`));
      await tx.update(accounts).set({ teamId: id }).where(inArray(accounts.id, add));
      await auditTeam(tx, by, companyId, id, "add_members", { after: { account_ids: add } });
    },

    /** Takes people off the team; leaving a team gives up leading it. */
    async removeMembers(tx: Tx, companyId: number, id: number, remove: number[], by: SystemActor) {
      await tx
        .update(teams)
        .set({ leaderAccountId: null })
        .where(and(eq(teams.id, id), inArray(teams.leaderAccountId, remove)));
      await tx
        .update(accounts)
        .set({ teamId: null })
        .where(and(eq(accounts.teamId, id), inArray(accounts.id, remove)));
      await auditTeam(tx, by, companyId, id, "remove_members", { after: { account_ids: remove } });
    },

    /** The team goes, its people stay without a team; audited with who was in it. */
    async disband(tx: Tx, companyId: number, id: number, name: string, by: SystemActor) {
      const left = await tx.update(accounts).set({ teamId: null }).where(eq(accounts.teamId, id)).returning({ id: accounts.id });
      await tx.delete(teams).where(eq(teams.id, id));
      await auditTeam(tx, by, companyId, id, "delete", { before: { name, account_ids: left.map((a) => a.id).sort((a, b) => a - b) } });
    },
  };
}
export type TeamDirectoryRepo = ReturnType<typeof createTeamDirectoryRepo>;
