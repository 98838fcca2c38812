import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

const checkCompany = checkedBy((s) => s.Company);

/** spec §7: the company, from the profile call by its domain. */
export const fetchCompanyProfile = (domain: string, signal?: AbortSignal) =>
  request(`/api/b2b/v1/profile/${encodeURIComponent(domain)}`, { parse: checkCompany, signal });
