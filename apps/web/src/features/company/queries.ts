import { queryOptions } from "@tanstack/react-query";
import { fetchCompanyProfile } from "./api";

/** spec §7: the company comes from the profile call by domain. */
export const companyProfileOptions = (domain: string) =>
  queryOptions({ queryKey: ["company-profile", domain] as const, queryFn: ({ signal }) => fetchCompanyProfile(domain, signal), staleTime: 5 * 60_000 });
