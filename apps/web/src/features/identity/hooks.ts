import { useQuery, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { AccountAbilities, Me, Role, SignInRequest, SignUpRequest } from "@learnward/contracts";
import { ApiError, isApiError, request } from "../../lib/api";
import { rememberTwoFactorChallenge } from "./twoFactorChallenge";

export type SignedOutReason = "anonymous" | "loggedOut" | "accountMissing";
export type Session = { status: "signedIn"; me: Me } | { status: "signedOut"; reason: SignedOutReason };

export const sessionKey = ["session"] as const;

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
async function postSignOut(): Promise<boolean> {
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

export function useSession() {
  return useQuery({ queryKey: sessionKey, queryFn: fetchSession, staleTime: 60_000 });
}

/** Where someone lands after sign-in when they were not going anywhere in particular. */
export function homePathFor(abilities: AccountAbilities): string {
  return abilities.admin_area ? "/admin" : "/home";
}

/** Only same-app paths are followed after sign-in (no open redirects, no loops back to /login). */
export function safeNextPath(next: string | null): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  if (/^\/(login|register)(\/|\?|$)/.test(next)) return null;
  return next;
}

function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionKey });
}

/** What the password step answered: a session, or a second factor to give first (better-auth's two-factor plugin). */
export interface SignInResult {
  twoFactor: boolean;
}

// Checked by hand: zod is not on /login's first load.
const parseSignIn = (json: unknown): SignInResult => ({ twoFactor: isRecord(json) && json.twoFactorRedirect === true });

/** Whether this signed-in person must set up a second factor before anything else (the server refuses the rest). */
export function mustSetUpTwoFactor(me: Me): boolean {
  return me.account.two_factor.required && !me.account.two_factor.enabled;
}

export function useSignIn() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: (body: SignInRequest) => request("/api/auth/sign-in/email", { method: "POST", body, parse: parseSignIn }),
    onSuccess: (result) => {
      // No session yet: the code step (routes/auth/TwoFactorPage) opens it.
      if (result.twoFactor) rememberTwoFactorChallenge();
      else return refreshSession();
    },
  });
}

/** A sign-up signs nobody in: the address is confirmed through the mailed link first (issue 22). */
export function useSignUp() {
  return useMutation({
    mutationFn: (body: SignUpRequest) => request("/api/auth/sign-up/email", { method: "POST", body }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => request("/api/auth/request-password-reset", { method: "POST", body: { email, redirectTo: "/reset-password" } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string }) => request("/api/auth/reset-password", { method: "POST", body }),
  });
}

/** Signs out and forgets everything cached for the previous user (spec §2: logout resets client state). */
export async function signOut(queryClient: QueryClient): Promise<{ ok: boolean }> {
  const ok = await postSignOut();
  await queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
  queryClient.getMutationCache().clear();
  const loggedOut: Session = { status: "signedOut", reason: "loggedOut" };
  queryClient.setQueryData(sessionKey, loggedOut);
  return { ok };
}
