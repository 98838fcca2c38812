import type { Me, Role, SignInRequest, SignUpRequest, SsoLookupResponse } from "@learnward/contracts";
import { ApiError, isApiError, request } from "../../lib/api";

// identity's calls: the session and better-auth's email sign-in, sign-up, sign-out and password reset
// (apps/server/src/modules/identity). They ride on every page's first load with hooks.ts (vite.config's
// boot group), so answers are checked by hand, without zod. The two-factor plugin's calls stay in
// twoFactor.ts, loaded only by the pages that use them: here they added 0.2 KB gzip to every first load
// (/login 197.6 → 197.8 KB of its 200 KB budget).

export type SignedOutReason = "anonymous" | "loggedOut" | "accountMissing";
export type Session = { status: "signedIn"; me: Me } | { status: "signedOut"; reason: SignedOutReason };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
// Record<Role, …> makes the compiler insist on every role of the contract.
const ROLES: Record<Role, true> = { admin: true, hr: true, ldleader: true, teamleader: true, member: true };
const isRole = (value: unknown): value is Role => typeof value === "string" && Object.hasOwn(ROLES, value);

/**
 * The fields of the contract's Me that the shell relies on, checked by hand: the session call is on
 * the first load of every page, and zod (about 24 KB gzip) would not fit the /login budget there.
 */
export function parseMe(json: unknown): Me {
  const ok =
    isRecord(json) &&
    isRecord(json.user) &&
    typeof json.user.uid === "string" &&
    typeof json.user.email === "string" &&
    isRecord(json.account) &&
    isRole(json.account.role) &&
    isRecord(json.abilities) &&
    isRecord(json.account.two_factor) &&
    typeof json.account.domain === "string" &&
    typeof json.account.created_at === "string" &&
    (json.account.team === null || (isRecord(json.account.team) && typeof json.account.team.id === "number")) &&
    (json.company === null || (isRecord(json.company) && typeof json.company.name === "string"));
  if (!ok) throw new TypeError("The session answer does not match the Me contract");
  return json as Me;
}

function parseSession(json: unknown): Me | null {
  if (!isRecord(json) || !("me" in json)) throw new TypeError("The session answer has no me");
  return json.me === null ? null : parseMe(json.me);
}

/** POST /api/auth/sign-out; spec §8: a failure is only written to the console. */
export async function postSignOut(): Promise<boolean> {
  try {
    await request("/api/auth/sign-out", { method: "POST", body: {} });
    return true;
  } catch (error) {
    console.error("Sign-out failed", error);
    return false;
  }
}

export async function fetchSession(): Promise<Session> {
  try {
    // /api/session answers me: null rather than a 401 (which a browser logs as a console error).
    const me = await request("/api/session", { parse: parseSession });
    return me ? { status: "signedIn", me } : { status: "signedOut", reason: "anonymous" };
  } catch (error) {
    if (isApiError(error, "account_missing")) {
      // spec §4: no account for this user → sign out and flag it.
      await postSignOut();
      return { status: "signedOut", reason: "accountMissing" };
    }
    if (error instanceof ApiError && error.status === 401) return { status: "signedOut", reason: "anonymous" };
    throw error;
  }
}

/** What the password step answered: a session, or a second factor to give first (better-auth's two-factor plugin). */
export interface SignInResult {
  twoFactor: boolean;
}

// Checked by hand: zod is not on /login's first load.
const parseSignIn = (json: unknown): SignInResult => ({ twoFactor: isRecord(json) && json.twoFactorRedirect === true });

export const signIn = (body: SignInRequest) => request("/api/auth/sign-in/email", { method: "POST", body, parse: parseSignIn });

// Whether the address's company signs in through its identity provider. Checked by hand: zod is not on /login's first load.
const parseSsoLookup = (json: unknown): SsoLookupResponse => {
  const ok = isRecord(json) && typeof json.sso === "boolean" && (json.redirect_url === null || typeof json.redirect_url === "string");
  if (!ok) throw new TypeError("The single sign-on answer does not match the SsoLookupResponse contract");
  return json as SsoLookupResponse;
};

export const lookupSso = (email: string) => request("/api/sso/lookup", { method: "POST", body: { email }, parse: parseSsoLookup });

export const signUp = (body: SignUpRequest) => request("/api/auth/sign-up/email", { method: "POST", body });

export const requestPasswordReset = (email: string) =>
  request("/api/auth/request-password-reset", { method: "POST", body: { email, redirectTo: "/reset-password" } });

export const resetPassword = (body: { token: string; newPassword: string }) => request("/api/auth/reset-password", { method: "POST", body });
