import { ONBOARDING_WINDOW_DAYS } from "@learnward/contracts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days left in the account's first week (spec §9: onboarding window 7 days). */
export function firstWeekDaysLeft(createdAt: string, now: Date = new Date()): number {
  const end = Date.parse(createdAt) + ONBOARDING_WINDOW_DAYS * DAY_MS;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}

/** Where the browser remembers that an account's onboarding panel has opened by itself once. */
const shownKey = (uid: string) => `learnward_onboarding_shown:${uid}`;

/**
 * spec §4: the onboarding panel opens by itself on an account's first visit in its first week, once
 * per account on this browser. Answers whether this is that visit, and remembers it. Storage that
 * cannot be used (a private window that refuses it) answers no: better never than on every page.
 */
export function takeFirstOnboardingVisit(uid: string): boolean {
  try {
    if (localStorage.getItem(shownKey(uid)) !== null) return false;
    localStorage.setItem(shownKey(uid), new Date().toISOString());
    return true;
  } catch {
    return false;
  }
}

/** Records that the account's panel has had its first opening (tests about other things start there). */
export function markOnboardingShown(uid: string): void {
  takeFirstOnboardingVisit(uid);
}
