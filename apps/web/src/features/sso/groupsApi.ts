import type { UpdateSsoGroupMappingsRequest } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";
import type { SsoOwner } from "./api";

// Where just-in-time single sign-on accounts land by their identity provider groups: hr
// reaches their own company's rules, the platform admin any company's by its id.
const checkMappings = checkedBy((s) => s.SsoGroupMappings);
const pathOf = ({ companyId }: SsoOwner) =>
  companyId === undefined ? ("/api/b2b/v1/company/sso/group-mappings/" as const) : (`/api/b2b/v1/admin/companies/${companyId}/sso/group-mappings/` as const);

export const fetchSsoGroupMappings = (owner: SsoOwner, signal?: AbortSignal) => request(pathOf(owner), { parse: checkMappings, signal });

export const updateSsoGroupMappings = (owner: SsoOwner, body: UpdateSsoGroupMappingsRequest) =>
  request(pathOf(owner), { method: "PUT", body, parse: checkMappings });
