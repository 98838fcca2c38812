import type { z } from "zod";
import { LrsForwarder, OidcConnection, SamlConnection, XapiForwardPage } from "@learnward/contracts";
import { meFor, reply, serveFetch, type StubRoutes } from "../../test/render";

// Test fixtures of hr's /setting page, shaped as the server answers: what the page reads, every company setting unset.

const me = meFor("hr");
const profile = { uid: me.user.uid, displayName: "Demo hr", photoURL: null, email: me.user.email, username: "hr", role: "hr", locale: "en" };

export const OIDC = "/api/b2b/v1/company/sso/oidc/";
export const SAML = "/api/b2b/v1/company/sso/saml/";
export const REDIRECT = "http://localhost:3000/api/auth/sso/oidc/callback";
export const SP = "http://localhost:3000/api/sso/saml/1/metadata";
export const ACS = "http://localhost:3000/api/auth/sso/saml/1/acs";

export const FORWARDING = "/api/b2b/v1/company/lrs-forwarding";
export const forwardingNone: z.input<typeof LrsForwarder> = {
  endpoint: null,
  key: null,
  has_secret: false,
  enabled: false,
  updated_at: null,
  pending: 0,
  failed: 0,
};

export const oidcNone: z.input<typeof OidcConnection> = {
  issuer: null,
  client_id: null,
  client_secret_set: false,
  enabled: false,
  require_sso: false,
  redirect_uri: REDIRECT,
  updated_at: null,
};
export const samlNone: z.input<typeof SamlConnection> = {
  idp_entity_id: null,
  sso_url: null,
  metadata_url: null,
  metadata_xml: null,
  enabled: false,
  require_sso: false,
  sp_entity_id: SP,
  acs_url: ACS,
  sp_metadata_url: SP,
  updated_at: null,
};

/** The server for /setting: the signed-in person's profile and company, no onboarding, no chat hooks and no single sign-on yet; `overrides` answer the rest. */
export function serveSettings(overrides: Partial<StubRoutes> = {}) {
  return serveFetch({
    "GET /api/user/profile/": { body: profile },
    "GET /api/b2b/v1/profile/acme.test": { body: me.company },
    "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
    "GET /api/b2b/v1/company/chat-hooks/": { body: { slack_webhook_url: null, teams_webhook_url: null, updated_at: null } },
    [`GET ${OIDC}`]: reply(OidcConnection, oidcNone),
    [`GET ${SAML}`]: reply(SamlConnection, samlNone),
    [`GET ${FORWARDING}`]: reply(LrsForwarder, forwardingNone),
    [`GET ${FORWARDING}/statements`]: reply(XapiForwardPage, { count: 0, next: null, previous: null, results: [] }),
    ...overrides,
  });
}
