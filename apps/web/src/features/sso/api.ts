import type { UpdateOidcConnectionRequest } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

// The company's OpenID Connect single sign-on (issue 27): hr reaches their own company's, the
// platform admin any company's by its id. Each answer checked against its contract.
const checkConnection = checkedBy((s) => s.OidcConnection);

/** Whose connection: the signed-in person's company (hr), or a company by id (the platform admin). */
export type SsoOwner = { companyId?: number };
const pathOf = ({ companyId }: SsoOwner) => (companyId === undefined ? "/api/b2b/v1/company/sso/oidc/" : `/api/b2b/v1/admin/companies/${companyId}/sso/oidc/`);

export const fetchOidcConnection = (owner: SsoOwner, signal?: AbortSignal) => request(pathOf(owner), { parse: checkConnection, signal });

export const updateOidcConnection = (owner: SsoOwner, body: UpdateOidcConnectionRequest) =>
  request(pathOf(owner), { method: "PUT", body, parse: checkConnection });
