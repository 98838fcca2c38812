import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts, authUsers, scimDeletedAccounts, teams } from "../../db/schema/index.ts";

export interface ScimGroupRow {
  id: number;
  name: string;
  createdAt: Date;
  members: Array<{ id: number; email: string }>;
}

/** A company's teams as a directory's groups, read only: people's team-directory repo changes them. */
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
  return {
    async groups(companyId: number) {
      return withMembers(await select(companyId));
    },
    async group(companyId: number, id: number) {
      const [row] = await withMembers(await select(companyId, id));
      return row;
    },
    /** The ids among `ids` the company's directory deleted (RFC 7644 §3.6): it can't place them again. */
    async deleted(companyId: number, ids: number[]) {
      if (!ids.length) return [];
      const rows = await db
        .select({ id: scimDeletedAccounts.accountId })
        .from(scimDeletedAccounts)
        .where(and(eq(scimDeletedAccounts.companyId, companyId), inArray(scimDeletedAccounts.accountId, ids)));
      return rows.map((r) => r.id);
    },
  };
}
export type ScimGroupsRepo = ReturnType<typeof createScimGroupsRepo>;
