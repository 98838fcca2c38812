import { useQuery } from "@tanstack/react-query";
import { ONBOARDING_PAGE_SIZE } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

const checkOnboardingPage = checkedBy((s) => s.Paginated(s.OnboardingEntry));

export const onboardingKey = ["onboarding"] as const;

/** The onboarding entries the signed-in user has completed (spec §7, page size 30). */
export function useOnboardingEntries(enabled: boolean) {
  return useQuery({
    queryKey: onboardingKey,
    queryFn: async () => {
      try {
        return await request("/api/b2b/v1/onboarding/", { query: { page_size: ONBOARDING_PAGE_SIZE }, parse: checkOnboardingPage });
      } catch (error) {
        // spec §8: onboarding load failures are only written to the console.
        console.error("Could not load onboarding", error);
        throw error;
      }
    },
    enabled,
    retry: false,
  });
}
