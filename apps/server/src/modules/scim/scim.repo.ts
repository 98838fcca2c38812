import { and, asc, eq, notExists } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { accounts, authUsers, companies, scimDeletedAccounts, scimExternalIds, scimTokens } from "../../db/schema/index.ts";
import { recordAudit, type AuditEvent } from "../../lib/audit.ts";
import { insertAccount, insertLoginUser, renameLoginUser } from "../identity/identity.repo.ts";
import { deactivateAccount, reactivateAccount, uniqueViolation } from "../people/people.repo.ts";

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
    /** Replaces the company's token (rotation: the old hash stops matching in the same write). */
    async saveToken(companyId: number, t: { tokenHash: string; prefix: string; createdBy: number }, audit: Omit<AuditEvent, "entity" | "entityId">) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(scimTokens)
          .values({ companyId, ...t })
          .onConflictDoUpdate({ target: scimTokens.companyId, set: { ...t, createdAt: new Date(), lastUsedAt: null } })
          .returning();
        await recordAudit(tx, { ...audit, entity: "scim_token", entityId: companyId });
        return row!;
      });
    },
    async deleteToken(companyId: number, audit: Omit<AuditEvent, "entity" | "entityId">) {
      await db.transaction(async (tx) => {
        const gone = await tx.delete(scimTokens).where(eq(scimTokens.companyId, companyId)).returning();
        if (gone.length) await recordAudit(tx, { ...audit, entity: "scim_token", entityId: companyId });
      });
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
    /**
     * A person the directory provisions: login user and member account in one transaction, audited.
     * Undefined when the address was taken meanwhile (a directory retrying a create sends it twice at once).
     */
    async createUser(companyId: number, u: { uid: string; name: string; email: string; externalId: string | null }, reason: string) {
      return db
        .transaction(async (tx) => {
          await insertLoginUser(tx, u);
          const { id } = (await insertAccount(tx, { uid: u.uid, email: u.email, companyId, teamId: null, role: "member" }))!;
          if (u.externalId !== null) await setExternalId(tx, companyId, id, u.externalId);
          await recordAudit(tx, {
            actorId: null,
            companyId,
            entity: "account",
            entityId: id,
            action: "create",
            after: { email: u.email, role: "member", external_id: u.externalId },
            reason,
          });
          return id;
        })
        .catch((e: unknown) => {
          if (uniqueViolation(e)) return undefined;
          throw e;
        });
    },

    /** Name and status as the directory states them; deactivation is people's own path (sessions end). */
    async update(u: ScimUserRow, companyId: number, change: { name?: string; active?: boolean; externalId?: string | null }, reason: string) {
      await db.transaction(async (tx) => {
        if (change.externalId !== undefined && change.externalId !== u.externalId) {
          await setExternalId(tx, companyId, u.id, change.externalId);
          await recordAudit(tx, {
            actorId: null,
            companyId,
            entity: "account",
            entityId: u.id,
            action: "update",
            before: { external_id: u.externalId },
            after: { external_id: change.externalId },
            reason,
          });
        }
        if (change.name !== undefined && change.name !== u.name) {
          await renameLoginUser(tx, u.uid, change.name);
          await recordAudit(tx, {
            actorId: null,
            companyId,
            entity: "account",
            entityId: u.id,
            action: "update",
            before: { name: u.name },
            after: { name: change.name },
            reason,
          });
        }
        if (change.active === false && u.status === "active") await deactivateAccount(tx, u.id, null, reason);
        if (change.active === true && u.status === "deactivated") await reactivateAccount(tx, u.id, null, reason);
      });
    },
    /** RFC 7644 §3.6: deleted for the directory; the account stays deactivated with its history. */
    async remove(u: ScimUserRow, companyId: number, reason: string) {
      await db.transaction(async (tx) => {
        if (u.status === "active") await deactivateAccount(tx, u.id, null, reason);
        await tx.insert(scimDeletedAccounts).values({ accountId: u.id, companyId }).onConflictDoNothing();
        await recordAudit(tx, { actorId: null, companyId, entity: "account", entityId: u.id, action: "delete", before: { email: u.email }, reason });
      });
    },
  };
}
export type ScimRepo = ReturnType<typeof createScimRepo>;
