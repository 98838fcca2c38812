import type { OnboardingEntry } from "@learnward/contracts";
import type { OnboardingEntryRow } from "./onboarding.repo.ts";

export const presentEntry = (r: OnboardingEntryRow): OnboardingEntry => ({
  id: r.id,
  title: r.title,
  type: r.type,
  ready: r.ready,
  created_at: r.createdAt.toISOString(),
});
