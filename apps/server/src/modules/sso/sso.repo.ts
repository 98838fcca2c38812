import { and, eq } from "drizzle-orm";
import type { Role } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { accounts, authUsers, companies, companyOidc } from "../../db/schema/index.ts";
import { recordAudit } from "../../lib/audit.ts";

export type OidcRow = typeof companyOidc.$inferSelect;
export type OidcValues = Pick<OidcRow, "issuer" | "clientId" | "clientSecretEncrypted" | "enabled" | "requireSso">;

/** The audit trail's view of a connection: never the secret, only that it changed. */
const trace = (row: OidcRow | undefined) => row && { issuer: row.issuer, client_id: row.clientId, enabled: row.enabled, require_sso: row.requireSso };

export function createSsoRepo(db: Db) {
  /** The active company of a domain with its connection, if it has one. */
  async function byDomain(domain: string): Promise<{ companyId: number; connection: OidcRow | null } | undefined> {
    const [row] = await db
      .select({ companyId: companies.id, connection: companyOidc })
      .from(companies)
      .leftJoin(companyOidc, eq(companyOidc.companyId, companies.id))
      .where(and(eq(companies.domain, domain), eq(companies.status, "active")))
      .limit(1);
    return row;
  }

  return {
    byDomain,

    async companyExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1);
      return row !== undefined;
    },

    async connection(companyId: number): Promise<OidcRow | undefined> {
      const [row] = await db.select().from(companyOidc).where(eq(companyOidc.companyId, companyId)).limit(1);
      return row;
    },

    /** Whether the active company of a domain requires single sign-on. */
    async domainRequiresSso(domain: string): Promise<boolean> {
      const connection = (await byDomain(domain))?.connection;
      return connection?.enabled === true && connection.requireSso;
    },

    /** Saves the connection and its audit line together. */
    async save(actorId: number | null, companyId: number, values: OidcValues): Promise<OidcRow> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(companyOidc).where(eq(companyOidc.companyId, companyId)).for("update");
        const set = { ...values, updatedBy: actorId, updatedAt: new Date() };
        const [row] = await tx
          .insert(companyOidc)
          .values({ companyId, ...set })
          .onConflictDoUpdate({ target: companyOidc.companyId, set })
          .returning();
        await recordAudit(tx, {
          actorId,
          companyId,
          entity: "company",
          entityId: companyId,
          action: "sso_oidc_updated",
          before: trace(before) ?? null,
          after: { ...trace(row), client_secret_changed: before?.clientSecretEncrypted !== row!.clientSecretEncrypted },
        });
        return row!;
      });
    },

    /** The account signing in by password with its company's single sign-on rule (undefined for an unknown address). */
    async passwordSubject(email: string): Promise<{ role: Role; companyRequiresSso: boolean } | undefined> {
      const [row] = await db
        .select({ role: accounts.role, enabled: companyOidc.enabled, requireSso: companyOidc.requireSso })
        .from(accounts)
        .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
        .leftJoin(companyOidc, eq(companyOidc.companyId, accounts.companyId))
        .where(eq(authUsers.email, email.trim().toLowerCase()))
        .limit(1);
      return row && { role: row.role, companyRequiresSso: row.enabled === true && row.requireSso === true };
    },

    /** The company of the account behind a better-auth user id, if any. */
    async companyOfUser(uid: string): Promise<number | null | undefined> {
      const [row] = await db.select({ companyId: accounts.companyId }).from(accounts).where(eq(accounts.uid, uid)).limit(1);
      return row?.companyId;
    },
  };
}
export type SsoRepo = ReturnType<typeof createSsoRepo>;
