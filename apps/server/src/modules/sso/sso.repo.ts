import { and, eq } from "drizzle-orm";
import type { Role } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { accounts, authUsers, companies, companyOidc, companySaml } from "../../db/schema/index.ts";
import { upsertCompanySetting } from "../../lib/company-settings.ts";
import { ssoPolicy } from "./sso.policy.ts";

export type OidcRow = typeof companyOidc.$inferSelect;
export type OidcValues = Pick<OidcRow, "issuer" | "clientId" | "clientSecretEncrypted" | "enabled" | "requireSso">;
export type SamlRow = typeof companySaml.$inferSelect;
export type SamlValues = Omit<SamlRow, "companyId" | "updatedBy" | "updatedAt">;

/** The audit trail's view of a connection: never the secret, only that it changed. */
const trace = (row: OidcRow | undefined) => row && { issuer: row.issuer, client_id: row.clientId, enabled: row.enabled, require_sso: row.requireSso };
const traceSaml = (row: SamlRow | undefined) =>
  row && { idp_entity_id: row.idpEntityId, sso_url: row.ssoUrl, metadata_url: row.metadataUrl, enabled: row.enabled, require_sso: row.requireSso };

export function createSsoRepo(db: Db) {
  /** The active company of a domain with its connections (OIDC, SAML), if it has them. */
  async function byDomain(domain: string): Promise<{ companyId: number; connection: OidcRow | null; saml: SamlRow | null } | undefined> {
    const [row] = await db
      .select({ companyId: companies.id, connection: companyOidc, saml: companySaml })
      .from(companies)
      .leftJoin(companyOidc, eq(companyOidc.companyId, companies.id))
      .leftJoin(companySaml, eq(companySaml.companyId, companies.id))
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
      const company = await byDomain(domain);
      return ssoPolicy.companyRequiresSso([company?.connection, company?.saml]);
    },

    /** Saves the connection and its audit line together. */
    async save(actorId: number | null, companyId: number, values: OidcValues): Promise<OidcRow> {
      return upsertCompanySetting(db, companyOidc, {
        actorId,
        companyId,
        values,
        action: "sso_oidc_updated",
        trace: (before, row) => ({
          before: trace(before) ?? null,
          after: { ...trace(row), client_secret_changed: before?.clientSecretEncrypted !== row.clientSecretEncrypted },
        }),
      });
    },

    async samlConnection(companyId: number): Promise<SamlRow | undefined> {
      const [row] = await db.select().from(companySaml).where(eq(companySaml.companyId, companyId)).limit(1);
      return row;
    },

    /** Saves the SAML connection and its audit line together. */
    async saveSaml(actorId: number | null, companyId: number, values: SamlValues): Promise<SamlRow> {
      return upsertCompanySetting(db, companySaml, {
        actorId,
        companyId,
        values,
        action: "sso_saml_updated",
        trace: (before, row) => ({
          before: traceSaml(before) ?? null,
          after: { ...traceSaml(row), certificates_changed: JSON.stringify(before?.idpCerts) !== JSON.stringify(row.idpCerts) },
        }),
      });
    },

    /** The account signing in by password with its company's single sign-on rule (undefined for an unknown address). */
    async passwordSubject(email: string): Promise<{ role: Role; companyRequiresSso: boolean } | undefined> {
      const [row] = await db
        .select({
          role: accounts.role,
          oidc: { enabled: companyOidc.enabled, requireSso: companyOidc.requireSso },
          saml: { enabled: companySaml.enabled, requireSso: companySaml.requireSso },
        })
        .from(accounts)
        .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
        .leftJoin(companyOidc, eq(companyOidc.companyId, accounts.companyId))
        .leftJoin(companySaml, eq(companySaml.companyId, accounts.companyId))
        .where(eq(authUsers.email, email.trim().toLowerCase()))
        .limit(1);
      return row && { role: row.role, companyRequiresSso: ssoPolicy.companyRequiresSso([row.oidc, row.saml]) };
    },

    /** The company of the account behind a better-auth user id, if any. */
    async companyOfUser(uid: string): Promise<number | null | undefined> {
      const [row] = await db.select({ companyId: accounts.companyId }).from(accounts).where(eq(accounts.uid, uid)).limit(1);
      return row?.companyId;
    },
  };
}
export type SsoRepo = ReturnType<typeof createSsoRepo>;
