import { useQuery } from "@tanstack/react-query";
import { Company } from "@learnward/contracts";
import { request } from "../../lib/api";

/** spec §7: the company comes from the profile call by domain; the session's copy shows meanwhile. */
export function useCompanyProfile(domain: string, enabled: boolean, placeholder: Company | null) {
  return useQuery({
    queryKey: ["company-profile", domain],
    queryFn: () => request(`/api/b2b/v1/profile/${encodeURIComponent(domain)}`, { parse: Company.parse }),
    enabled,
    placeholderData: placeholder ?? undefined,
    staleTime: 5 * 60_000,
  });
}
