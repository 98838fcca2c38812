import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { Locale, Role } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { accounts, authCredentials, authUsers, companies, companyOidc, companySaml } from "../../db/schema/index.ts";
import { upsertCompanySetting } from "../../lib/company-settings.ts";
import type { Executor } from "../../lib/events.ts";
import { ssoPolicy } from "./sso.policy.ts";

export type OidcRow = typeof companyOidc.$inferSelect;
export type OidcValues = Pick<OidcRow, "issuer" | "clientId" | "clientSecretEncrypted" | "enabled" | "requireSso">;
export type SamlRow = typeof companySaml.$inferSelect;
export type SamlValues = Omit<SamlRow, "companyId" | "updatedBy" | "updatedAt">;
/** What else a saved connection brings, in its transaction: `before` is undefined on a first save. */
export type OnSaved<R> = (tx: Executor, before: R | undefined, row: R) => Promise<void>;
export interface Mailee {
  email: string;
  name: string;
  locale: Locale;
}

/** The better-auth provider ids a company's subjects are linked under, one per protocol. */
export const providerIdOf = { oidc: (companyId: number) => `oidc:${companyId}`, saml: (companyId: number) => `saml:${companyId}` };

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
    async save(actorId: number | null, companyId: number, values: OidcValues, within?: OnSaved<OidcRow>): Promise<OidcRow> {
      return upsertCompanySetting(db, companyOidc, {
        actorId,
        companyId,
        values,
        within,
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
    async saveSaml(actorId: number | null, companyId: number, values: SamlValues, within?: OnSaved<SamlRow>): Promise<SamlRow> {
      return upsertCompanySetting(db, companySaml, {
        actorId,
        companyId,
        values,
        within,
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

    /** Unlinks every subject of a provider id: the people linked to the provider before must confirm again. */
    async dropLinks(tx: Executor, providerId: string): Promise<void> {
      await tx.delete(authCredentials).where(eq(authCredentials.providerId, providerId));
    },

    /** Who is told of a new provider: the company's active hr and the platform operators, but not the one who changed it. */
    async issuerAudience(tx: Executor, companyId: number, exceptAccountId: number | null): Promise<Mailee[]> {
      const told = or(and(eq(accounts.companyId, companyId), eq(accounts.role, "hr")), and(isNull(accounts.companyId), eq(accounts.role, "admin")));
      return tx
        .select({ email: authUsers.email, name: authUsers.name, locale: accounts.locale })
        .from(accounts)
        .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
        .where(and(told, eq(accounts.status, "active"), exceptAccountId === null ? undefined : ne(accounts.id, exceptAccountId)))
        .orderBy(accounts.id);
    },

    /** Who an account is, as a notice names them. */
    async accountName(tx: Executor, accountId: number): Promise<{ name: string; email: string } | undefined> {
      const [row] = await tx
        .select({ name: authUsers.name, email: authUsers.email })
        .from(accounts)
        .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
        .where(eq(accounts.id, accountId))
        .limit(1);
      return row;
    },

    async companyName(companyId: number, on: Executor = db): Promise<string | undefined> {
      const [row] = await on.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
      return row?.name;
    },

    /** The language a person reads mail in (English for a user without an account row). */
    async localeOfUser(uid: string): Promise<Locale> {
      const [row] = await db.select({ locale: accounts.locale }).from(accounts).where(eq(accounts.uid, uid)).limit(1);
      return row?.locale ?? "en";
    },

    /** Whether the account behind a better-auth user id may sign in (not deactivated). */
    async accountActive(uid: string): Promise<boolean> {
      const [row] = await db.select({ status: accounts.status }).from(accounts).where(eq(accounts.uid, uid)).limit(1);
      return row?.status === "active";
    },

    /** The company of the account behind a better-auth user id, if any. */
    async companyOfUser(uid: string): Promise<number | null | undefined> {
      const [row] = await db.select({ companyId: accounts.companyId }).from(accounts).where(eq(accounts.uid, uid)).limit(1);
      return row?.companyId;
    },
  };
}
export type SsoRepo = ReturnType<typeof createSsoRepo>;
