import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

// The company's SCIM token: hr reaches their own company's, the platform admin any
// company's by its id. Each answer checked against its contract.
const checkStatus = checkedBy((s) => s.ScimTokenStatus);
const checkCreated = checkedBy((s) => s.CreateScimTokenResponse);

/** Whose token: the signed-in person's company (hr), or a company by id (the platform admin). */
export type ScimOwner = { companyId?: number };
const pathOf = ({ companyId }: ScimOwner) =>
  companyId === undefined ? ("/api/b2b/v1/company/scim-token/" as const) : (`/api/b2b/v1/admin/companies/${companyId}/scim-token/` as const);

export const fetchScimToken = (owner: ScimOwner, signal?: AbortSignal) => request(pathOf(owner), { parse: checkStatus, signal });
export const createScimToken = (owner: ScimOwner) => request(pathOf(owner), { method: "POST", body: {}, parse: checkCreated });
