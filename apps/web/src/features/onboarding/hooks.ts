import { useQuery } from "@tanstack/react-query";
import { onboardingKey, onboardingOptions } from "./queries";

export { onboardingKey };

/** The onboarding entries the signed-in user has completed (spec §7, page size 30). */
export function useOnboardingEntries(enabled: boolean) {
  return useQuery({ ...onboardingOptions(), enabled });
}
