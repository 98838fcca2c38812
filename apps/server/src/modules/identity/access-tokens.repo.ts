import { and, desc, eq, getTableColumns, isNull, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { recordAudit, type AuditEvent } from "../../lib/audit.ts";
import { accessTokens, accounts, authUsers, companies, teams } from "../../db/schema/index.ts";
import { accountColumns, type AccountRow, type CompanyRow } from "./identity.repo.ts";

export type AccessTokenRow = typeof accessTokens.$inferSelect;

/** Personal access tokens: the only place that reads or writes their table. */
export function createAccessTokensRepo(db: Db) {
  // Every request that carries a token asks: the token with its person and company, in one statement.
  const byHashStatement = db
    .select({
      token: { id: accessTokens.id, expiresAt: accessTokens.expiresAt, lastUsedAt: accessTokens.lastUsedAt },
      ...accountColumns,
      company: getTableColumns(companies),
    })
    .from(accessTokens)
    .innerJoin(accounts, eq(accounts.id, accessTokens.accountId))
    .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
    .leftJoin(companies, eq(companies.id, accounts.companyId))
    .leftJoin(teams, eq(teams.id, accounts.teamId))
    .where(eq(accessTokens.tokenHash, sql.placeholder("hash")))
    .limit(1)
    .prepare("access_token_by_hash");

  return {
    /** The token stored under this hash, with its person and their company. */
    async byHash(
      hash: string,
    ): Promise<{ token: Pick<AccessTokenRow, "id" | "expiresAt" | "lastUsedAt">; account: AccountRow; company: CompanyRow | null } | undefined> {
      const [row] = await byHashStatement.execute({ hash });
      if (!row) return undefined;
      const { token, company, ...account } = row;
      return { token, account, company };
    },

    /** A person's tokens, newest first. */
    listOf: (accountId: number) =>
      db.select().from(accessTokens).where(eq(accessTokens.accountId, accountId)).orderBy(desc(accessTokens.createdAt), desc(accessTokens.id)),

    async insert(tx: Tx, row: { accountId: number; name: string; tokenHash: string; prefix: string; expiresAt: Date | null }) {
      const [inserted] = await tx.insert(accessTokens).values(row).returning();
      return inserted!;
    },

    /** Deletes one of this person's tokens; undefined when they have none of that id. */
    async deleteOf(tx: Tx, accountId: number, id: number) {
      const [gone] = await tx
        .delete(accessTokens)
        .where(and(eq(accessTokens.id, id), eq(accessTokens.accountId, accountId)))
        .returning();
      return gone;
    },

    /** Notes a use, unless one was noted since `notBefore` (another process may have just done it). */
    async touch(id: number, now: Date, notBefore: Date) {
      await db
        .update(accessTokens)
        .set({ lastUsedAt: now })
        .where(and(eq(accessTokens.id, id), or(isNull(accessTokens.lastUsedAt), lte(accessTokens.lastUsedAt, notBefore))));
    },

    recordAudit: (tx: Tx, e: AuditEvent) => recordAudit(tx, e),
  };
}
export type AccessTokensRepo = ReturnType<typeof createAccessTokensRepo>;
