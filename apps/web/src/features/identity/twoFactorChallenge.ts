// better-auth keeps a sign-in that waits for its second factor in an httpOnly cookie the page cannot
// read, for 10 minutes (the plugin's twoFactorCookieMaxAge): the page notes when the password step
// answered it, so the code step can tell someone who arrived without one to sign in first.
const KEY = "learnward.two-factor-challenge";
const CHALLENGE_MS = 10 * 60_000;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null; // storage blocked by the browser's settings
  }
}

export function rememberTwoFactorChallenge(now = Date.now()): void {
  try {
    storage()?.setItem(KEY, String(now + CHALLENGE_MS));
  } catch {
    // Storage full or blocked: the code step then says to sign in again, as if it had expired.
  }
}

export function twoFactorChallengePending(now = Date.now()): boolean {
  const until = Number(storage()?.getItem(KEY));
  return Number.isFinite(until) && until > now;
}

export function forgetTwoFactorChallenge(): void {
  storage()?.removeItem(KEY);
}
