import { and, asc, eq, notExists } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { accounts, authUsers, companies, scimDeletedAccounts, scimExternalIds, scimTokens } from "../../db/schema/index.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { Executor } from "../../lib/events.ts";
import { insertAccount, insertLoginUser, renameLoginUser } from "../identity/index.ts";
import { deactivateAccount, reactivateAccount } from "../people/index.ts";

export type ScimTokenRow = typeof scimTokens.$inferSelect;
const userColumns = {
  id: accounts.id,
  uid: accounts.uid,
  status: accounts.status,
  createdAt: accounts.createdAt,
  name: authUsers.name,
  email: authUsers.email,
  updatedAt: authUsers.updatedAt,
  externalId: scimExternalIds.externalId,
};
export type ScimUserRow = {
  id: number;
  uid: string;
  status: "active" | "deactivated";
  createdAt: Date;
  name: string;
  email: string;
  updatedAt: Date;
  externalId: string | null;
};

/** The directory's id for the person (RFC 7643 §3.1): set, changed or (null) dropped. */
async function setExternalId(tx: Tx, companyId: number, accountId: number, externalId: string | null) {
  if (externalId === null) await tx.delete(scimExternalIds).where(eq(scimExternalIds.accountId, accountId));
  else
    await tx
      .insert(scimExternalIds)
      .values({ accountId, companyId, externalId })
      .onConflictDoUpdate({ target: scimExternalIds.accountId, set: { externalId } });
}

/** The SCIM module's tables (its only writes; people and identity write theirs), and the people of a company as a directory sees them (never the SCIM-deleted). */
export function createScimRepo(db: Db) {
  const users = (companyId: number, id?: number) =>
    db
      .select(userColumns)
      .from(accounts)
      .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
      .leftJoin(scimExternalIds, eq(scimExternalIds.accountId, accounts.id))
      .where(
        and(
          eq(accounts.companyId, companyId),
          id === undefined ? undefined : eq(accounts.id, id),
          notExists(db.select({ x: scimDeletedAccounts.accountId }).from(scimDeletedAccounts).where(eq(scimDeletedAccounts.accountId, accounts.id))),
        ),
      )
      .orderBy(asc(accounts.id));

  return {
    async company(id: number) {
      const [row] = await db.select().from(companies).where(eq(companies.id, id));
      return row;
    },
    async token(companyId: number) {
      const [row] = await db.select().from(scimTokens).where(eq(scimTokens.companyId, companyId));
      return row;
    },
    /** The token with this hash, marked used now. */
    async useToken(tokenHash: string) {
      const [row] = await db.update(scimTokens).set({ lastUsedAt: new Date() }).where(eq(scimTokens.tokenHash, tokenHash)).returning();
      return row;
    },
    /** One line of the operators' audit trail, in the transaction of the change it records. */
    recordAudit,

    /** Replaces the company's token (rotation: the old hash stops matching in the same write). */
    async saveToken(tx: Executor, companyId: number, t: { tokenHash: string; prefix: string; createdBy: number }) {
      const [row] = await tx
        .insert(scimTokens)
        .values({ companyId, ...t })
        .onConflictDoUpdate({ target: scimTokens.companyId, set: { ...t, createdAt: new Date(), lastUsedAt: null } })
        .returning();
      return row!;
    },
    /** Deletes the company's token; answers whether there was one. */
    async deleteToken(tx: Executor, companyId: number) {
      const gone = await tx.delete(scimTokens).where(eq(scimTokens.companyId, companyId)).returning();
      return gone.length > 0;
    },

    async users(companyId: number): Promise<ScimUserRow[]> {
      return users(companyId);
    },
    async user(companyId: number, id: number): Promise<ScimUserRow | undefined> {
      const [row] = await users(companyId, id);
      return row;
    },
    async emailTaken(email: string) {
      const [row] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
      return !!row;
    },
    /** A person the directory provisions: login user and member account; answers the account's id. */
    async insertUser(tx: Tx, companyId: number, u: { uid: string; name: string; email: string }) {
      await insertLoginUser(tx, u);
      const { id } = (await insertAccount(tx, { uid: u.uid, email: u.email, companyId, teamId: null, role: "member" }))!;
      return id;
    },
    setExternalId,
    renameUser: renameLoginUser,
    /** Deactivation and reactivation are people's own path (sessions end); nobody signed in acts. */
    deactivate: (tx: Tx, accountId: number, reason: string) => deactivateAccount(tx, accountId, null, reason),
    reactivate: (tx: Tx, accountId: number, reason: string) => reactivateAccount(tx, accountId, null, reason),
    /** RFC 7644 §3.6: deleted for the directory; the account stays with its history. */
    async markDeleted(tx: Executor, accountId: number, companyId: number) {
      await tx.insert(scimDeletedAccounts).values({ accountId, companyId }).onConflictDoNothing();
    },
  };
}
export type ScimRepo = ReturnType<typeof createScimRepo>;
