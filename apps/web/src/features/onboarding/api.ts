import { ONBOARDING_PAGE_SIZE } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

const checkOnboardingPage = checkedBy((s) => s.Paginated(s.OnboardingEntry));

/** The onboarding entries the signed-in user has completed (spec §7, page size 30). */
export async function fetchOnboardingEntries(signal?: AbortSignal) {
  try {
    return await request("/api/b2b/v1/onboarding/", { query: { page_size: ONBOARDING_PAGE_SIZE }, parse: checkOnboardingPage, signal });
  } catch (error) {
    // spec §8: onboarding load failures are only written to the console. A load called off
    // because the page moved on did not fail.
    if (!signal?.aborted) console.error("Could not load onboarding", error);
    throw error;
  }
}
