import { useQuery } from "@tanstack/react-query";
import type { Company } from "@learnward/contracts";
import { companyProfileOptions } from "./queries";

/** spec §7: the company comes from the profile call by domain; the session's copy shows meanwhile. */
export function useCompanyProfile(domain: string, enabled: boolean, placeholder: Company | null) {
  return useQuery({ ...companyProfileOptions(domain), enabled, placeholderData: placeholder ?? undefined });
}
