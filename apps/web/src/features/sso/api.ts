import type { UpdateOidcConnectionRequest, UpdateSamlConnectionRequest } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

// The company's OpenID Connect single sign-on: hr reaches their own company's, the
// platform admin any company's by its id. Each answer checked against its contract.
const checkConnection = checkedBy((s) => s.OidcConnection);

/** Whose connection: the signed-in person's company (hr), or a company by id (the platform admin). */
export type SsoOwner = { companyId?: number };
const pathOf = ({ companyId }: SsoOwner) =>
  companyId === undefined ? ("/api/b2b/v1/company/sso/oidc/" as const) : (`/api/b2b/v1/admin/companies/${companyId}/sso/oidc/` as const);

export const fetchOidcConnection = (owner: SsoOwner, signal?: AbortSignal) => request(pathOf(owner), { parse: checkConnection, signal });

export const updateOidcConnection = (owner: SsoOwner, body: UpdateOidcConnectionRequest) =>
  request(pathOf(owner), { method: "PUT", body, parse: checkConnection });

// The company's SAML 2.0 single sign-on, at the same two places.
const checkSamlConnection = checkedBy((s) => s.SamlConnection);
const samlPathOf = ({ companyId }: SsoOwner) =>
  companyId === undefined ? ("/api/b2b/v1/company/sso/saml/" as const) : (`/api/b2b/v1/admin/companies/${companyId}/sso/saml/` as const);

export const fetchSamlConnection = (owner: SsoOwner, signal?: AbortSignal) => request(samlPathOf(owner), { parse: checkSamlConnection, signal });

export const updateSamlConnection = (owner: SsoOwner, body: UpdateSamlConnectionRequest) =>
  request(samlPathOf(owner), { method: "PUT", body, parse: checkSamlConnection });

// An existing account's first link to its company's provider, confirmed by its owner from the mailed link.
const checkLinkInfo = checkedBy((s) => s.SsoLinkInfo);
export const fetchSsoLink = (token: string, signal?: AbortSignal) =>
  request(`/api/auth/sso/link?token=${encodeURIComponent(token)}`, { parse: checkLinkInfo, signal });
export const confirmSsoLink = (token: string) => request("/api/auth/sso/link/confirm", { method: "POST", body: { token } });
export const declineSsoLink = (token: string) => request("/api/auth/sso/link/decline", { method: "POST", body: { token } });
