import { z } from "zod";
import { Email } from "./identity.ts";

/**
 * A company's OpenID Connect single sign-on, as hr or a platform operator sees it. The
 * client secret is never answered: only whether one is saved.
 */
export const OidcConnection = z.object({
  issuer: z
    .string()
    .nullable()
    .describe("The identity provider's issuer URL (its discovery document is at /.well-known/openid-configuration); null when none is set"),
  client_id: z.string().nullable().describe("The client id Learnward was registered with at the provider"),
  client_secret_set: z.boolean().describe("Whether a client secret is saved (the secret itself is never answered)"),
  enabled: z.boolean().describe("People of the company's domain sign in through the provider"),
  require_sso: z.boolean().describe("Passwords stop working for the company's people (platform operators keep theirs)"),
  redirect_uri: z.string().describe("The sign-in redirect URI to register at the provider"),
  updated_at: z.string().nullable(),
});
export type OidcConnection = z.infer<typeof OidcConnection>;

/** Saves the connection; the issuer is checked by fetching its discovery document. */
export const UpdateOidcConnectionRequest = z
  .object({
    issuer: z.string().trim().min(1).max(500).describe("Issuer URL, e.g. https://login.example.com"),
    client_id: z.string().trim().min(1).max(500),
    client_secret: z.string().min(1).max(2000).optional().describe("Required the first time; left out, the saved secret stays"),
    enabled: z.boolean(),
    require_sso: z.boolean().describe("Only with enabled: passwords stop working for the company's people"),
  })
  .strict();
export type UpdateOidcConnectionRequest = z.infer<typeof UpdateOidcConnectionRequest>;

export const SsoLookupRequest = z.object({ email: Email });
export type SsoLookupRequest = z.infer<typeof SsoLookupRequest>;

/** Whether the email's company signs in through its identity provider, and where the browser goes to start. */
export const SsoLookupResponse = z.object({
  sso: z.boolean(),
  redirect_url: z.string().nullable().describe("Open this in the browser to sign in at the provider; null without single sign-on"),
  require_sso: z.boolean().describe("A password is refused for this address"),
});
export type SsoLookupResponse = z.infer<typeof SsoLookupResponse>;

/** Why a single sign-on ended back at /login?error=…: one code per refusal a person can meet. */
export const SSO_SIGN_IN_ERRORS = [
  "sso_not_enabled",
  "sso_state_invalid",
  "sso_provider_refused",
  "sso_token_invalid",
  "sso_email_unverified",
  "sso_email_outside_domain",
  "sso_account_elsewhere",
  "sso_account_refused",
] as const;
export type SsoSignInError = (typeof SSO_SIGN_IN_ERRORS)[number];

/**
 * What a mailed link would link (GET /api/auth/sso/link?token=…): an existing account is linked to
 * its company's identity provider only when its owner confirms, at /sso/link?token=….
 */
export const SsoLinkInfo = z.object({
  email: z.string().describe("The account that would be linked"),
  company: z.string(),
  protocol: z.enum(["oidc", "saml"]),
  issuer: z.string().describe("The provider's issuer (OpenID Connect) or entity id (SAML) that would sign the person in"),
});
export type SsoLinkInfo = z.infer<typeof SsoLinkInfo>;

/**
 * A company's SAML 2.0 single sign-on, as hr or a platform operator sees it: what was
 * read from the identity provider's metadata, and what to register there (our entity id, ACS URL
 * and metadata link).
 */
export const SamlConnection = z.object({
  idp_entity_id: z.string().nullable().describe("The identity provider's entity id, read from its metadata; null when none is set"),
  sso_url: z.string().nullable().describe("Where people are sent to sign in (the IdP's HTTP-Redirect SingleSignOnService)"),
  metadata_url: z.string().nullable().describe("The URL the metadata was fetched from, when it was not pasted"),
  metadata_xml: z.string().nullable().describe("The identity provider's metadata as saved"),
  enabled: z.boolean().describe("People of the company's domain sign in through the identity provider"),
  require_sso: z.boolean().describe("Passwords stop working for the company's people (platform operators keep theirs)"),
  sp_entity_id: z.string().describe("Learnward's entity id (audience) to register at the identity provider"),
  acs_url: z.string().describe("Learnward's Assertion Consumer Service URL (HTTP-POST) to register at the identity provider"),
  sp_metadata_url: z.string().describe("Learnward's service provider metadata, for providers that import it"),
  updated_at: z.string().nullable(),
});
export type SamlConnection = z.infer<typeof SamlConnection>;

/** Saves the connection from the IdP's metadata: pasted XML, or a URL the server fetches. */
export const UpdateSamlConnectionRequest = z
  .object({
    metadata_xml: z.string().trim().min(1).max(200_000).optional().describe("The identity provider's metadata XML"),
    metadata_url: z.string().trim().min(1).max(500).optional().describe("Or an https:// URL the server reads the metadata from"),
    enabled: z.boolean(),
    require_sso: z.boolean().describe("Only with enabled: passwords stop working for the company's people"),
  })
  .strict()
  .refine((b) => (b.metadata_xml === undefined) !== (b.metadata_url === undefined), {
    message: "Give the metadata XML or its URL, not both",
    path: ["metadata_xml"],
  });
export type UpdateSamlConnectionRequest = z.infer<typeof UpdateSamlConnectionRequest>;
