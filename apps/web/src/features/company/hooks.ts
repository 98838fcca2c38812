import { useQuery } from "@tanstack/react-query";
import type { Company } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

const checkCompany = checkedBy((s) => s.Company);

/** spec §7: the company comes from the profile call by domain; the session's copy shows meanwhile. */
export function useCompanyProfile(domain: string, enabled: boolean, placeholder: Company | null) {
  return useQuery({
    queryKey: ["company-profile", domain],
    queryFn: () => request(`/api/b2b/v1/profile/${encodeURIComponent(domain)}`, { parse: checkCompany }),
    enabled,
    placeholderData: placeholder ?? undefined,
    staleTime: 5 * 60_000,
  });
}
