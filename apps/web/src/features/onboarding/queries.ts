import { queryOptions } from "@tanstack/react-query";
import { fetchOnboardingEntries } from "./api";

export const onboardingKey = ["onboarding"] as const;

/** The onboarding entries the signed-in user has completed (spec §7, page size 30). */
export const onboardingOptions = () => queryOptions({ queryKey: onboardingKey, queryFn: ({ signal }) => fetchOnboardingEntries(signal), retry: false });
