import { useSyncExternalStore } from "react";
import { CONSENT_COOKIE } from "@learnward/contracts";
import { readCookie } from "../lib/cookie";

/** The visitor's answer to the analytics-cookie question, or null while they have not given one. */
export type ConsentChoice = "accepted" | "declined";

/** How long an answer is remembered before the visitor is asked again. */
const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const listeners = new Set<() => void>();
let askedAgain = false;
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function storedChoice(): ConsentChoice | null {
  const value = readCookie(document.cookie, CONSENT_COOKIE);
  return value === "accepted" || value === "declined" ? value : null;
}

/** The visitor's answer (null on the server's render: the banner and scripts are the browser's). */
export function useConsentChoice(): ConsentChoice | null {
  return useSyncExternalStore(subscribe, storedChoice, () => null);
}

/** Whether the visitor asked to see the question again ("Cookie settings"). */
export function useConsentAskedAgain(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => askedAgain,
    () => false,
  );
}

/** Remembers the visitor's answer in a cookie. */
export function chooseConsent(choice: ConsentChoice): void {
  const withdrawn = storedChoice() === "accepted" && choice === "declined";
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${CONSENT_COOKIE}=${choice}; path=/; max-age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  askedAgain = false;
  notify();
  // Scripts that already run cannot be unloaded: a fresh page runs without them.
  if (withdrawn) window.location.reload();
}

/** Shows the question again, to change the answer. */
export function askConsentAgain(): void {
  askedAgain = true;
  notify();
}
