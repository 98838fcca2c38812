import { and, asc, eq, inArray, notExists, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts, authUsers, scimDeletedAccounts, teams } from "../../db/schema/index.ts";
import { recordAudit } from "../../lib/audit.ts";

export interface ScimGroupRow {
  id: number;
  name: string;
  createdAt: Date;
  members: Array<{ id: number; email: string }>;
}

/** A company's teams as a directory's groups (issue 27); every change audited in the token's name. */
export function createScimGroupsRepo(db: Db) {
  const withMembers = async (rows: Array<{ id: number; name: string; createdAt: Date }>): Promise<ScimGroupRow[]> => {
    const ids = rows.map((r) => r.id);
    const members = ids.length
      ? await db
          .select({ teamId: accounts.teamId, id: accounts.id, email: authUsers.email })
          .from(accounts)
          .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
          .where(inArray(accounts.teamId, ids))
          .orderBy(asc(accounts.id))
      : [];
    return rows.map((r) => ({ ...r, members: members.filter((m) => m.teamId === r.id).map(({ id, email }) => ({ id, email })) }));
  };
  const select = (companyId: number, id?: number) =>
    db
      .select({ id: teams.id, name: teams.name, createdAt: teams.createdAt })
      .from(teams)
      .where(and(eq(teams.companyId, companyId), id === undefined ? undefined : eq(teams.id, id)))
      .orderBy(asc(teams.id));
  const audit = (
    tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
    companyId: number,
    teamId: number,
    action: string,
    reason: string,
    after?: unknown,
    before?: unknown,
  ) => recordAudit(tx, { actorId: null, companyId, entity: "team", entityId: teamId, action, reason, after, before });

  return {
    async groups(companyId: number) {
      return withMembers(await select(companyId));
    },
    async group(companyId: number, id: number) {
      const [row] = await withMembers(await select(companyId, id));
      return row;
    },
    /** The ids among `ids` of the company's people a directory may place (active, not SCIM-deleted). */
    async placeable(companyId: number, ids: number[]) {
      if (!ids.length) return [];
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(
          and(
            eq(accounts.companyId, companyId),
            inArray(accounts.id, ids),
            eq(accounts.status, "active"),
            notExists(db.select({ x: scimDeletedAccounts.accountId }).from(scimDeletedAccounts).where(eq(scimDeletedAccounts.accountId, accounts.id))),
          ),
        );
      return rows.map((r) => r.id);
    },
    /** A new team; undefined when the company has one of that name already. */
    async create(companyId: number, name: string, reason: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(teams).values({ companyId, name }).onConflictDoNothing().returning({ id: teams.id });
        if (row) await audit(tx, companyId, row.id, "create", reason, { name });
        return row;
      });
    },
    /** Renames; false when another team of the company has the name. */
    async rename(companyId: number, id: number, before: string, name: string, reason: string) {
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(teams)
            .set({ name })
            .where(and(eq(teams.id, id), eq(teams.companyId, companyId)));
          await audit(tx, companyId, id, "rename", reason, { name }, { name: before });
        });
        return true;
      } catch (e) {
        if ((e as { code?: string; cause?: { code?: string } }).code === "23505" || (e as { cause?: { code?: string } }).cause?.code === "23505") return false;
        throw e;
      }
    },
    /** Moves people into the team and takes others off it; leaving a team gives up leading it. */
    async setMembers(companyId: number, id: number, add: number[], remove: number[], reason: string) {
      await db.transaction(async (tx) => {
        if (add.length) {
          await tx
            .update(teams)
            .set({ leaderAccountId: null })
            .where(and(eq(teams.companyId, companyId), inArray(teams.leaderAccountId, add), sql`${teams.id} <> ${id}`));
          await tx
            .update(accounts)
            .set({ teamId: id })
            .where(and(eq(accounts.companyId, companyId), inArray(accounts.id, add)));
          await audit(tx, companyId, id, "add_members", reason, { account_ids: add });
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
          await audit(tx, companyId, id, "remove_members", reason, { account_ids: remove });
        }
      });
    },
    /** The team goes; its people stay, without a team. */
    async remove(companyId: number, g: ScimGroupRow, reason: string) {
      await db.transaction(async (tx) => {
        await tx.update(accounts).set({ teamId: null }).where(eq(accounts.teamId, g.id));
        await tx.delete(teams).where(and(eq(teams.id, g.id), eq(teams.companyId, companyId)));
        await audit(tx, companyId, g.id, "delete", reason, undefined, { name: g.name, account_ids: g.members.map((m) => m.id) });
      });
    },
  };
}
export type ScimGroupsRepo = ReturnType<typeof createScimGroupsRepo>;
