import { boolean, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { companyRef, lastEdit } from "./refs.ts";

/**
 * A company's OpenID Connect single sign-on, set by its hr or a platform operator. The
 * client secret is stored encrypted with the server's AUTH_SECRET and never answered.
 */
export const companyOidc = pgTable("company_oidc", {
  companyId: companyRef().primaryKey(),
  issuer: text("issuer").notNull(),
  clientId: text("client_id").notNull(),
  clientSecretEncrypted: text("client_secret_encrypted").notNull(),
  enabled: boolean("enabled").notNull().default(false),
  /** Passwords stop working for the company's people (platform operators keep theirs). */
  requireSso: boolean("require_sso").notNull().default(false),
  ...lastEdit(),
});

/**
 * A company's SAML 2.0 single sign-on, set by its hr or a platform operator from the
 * identity provider's metadata (pasted, or fetched from its URL). What sign-in needs is read from
 * the metadata once, when it is saved: the IdP's entity id, its redirect-binding sign-in URL and
 * its signing certificates.
 */
export const companySaml = pgTable("company_saml", {
  companyId: companyRef().primaryKey(),
  metadataXml: text("metadata_xml").notNull(),
  /** Where the metadata was fetched from, when hr gave a URL rather than the XML. */
  metadataUrl: text("metadata_url"),
  idpEntityId: text("idp_entity_id").notNull(),
  ssoUrl: text("sso_url").notNull(),
  /** The IdP's signing certificates (PEM bodies), one of which must sign every assertion. */
  idpCerts: jsonb("idp_certs").$type<string[]>().notNull(),
  enabled: boolean("enabled").notNull().default(false),
  /** Passwords stop working for the company's people (platform operators keep theirs). */
  requireSso: boolean("require_sso").notNull().default(false),
  ...lastEdit(),
});
