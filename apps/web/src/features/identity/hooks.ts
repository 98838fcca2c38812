import { useQuery, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { AccountAbilities, Me } from "@learnward/contracts";
import { fetchSession, lookupSso, postSignOut, requestPasswordReset, resetPassword, signIn, signUp, type Session } from "./api";
import { rememberTwoFactorChallenge } from "./twoFactorChallenge";

export const sessionKey = ["session"] as const;

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

/** Whether this signed-in person must set up a second factor before anything else (the server refuses the rest). */
export function mustSetUpTwoFactor(me: Me): boolean {
  return me.account.two_factor.required && !me.account.two_factor.enabled;
}

export function useSignIn() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => {
      // No session yet: the code step (routes/auth/TwoFactorPage) opens it.
      if (result.twoFactor) rememberTwoFactorChallenge();
      else return refreshSession();
    },
  });
}

/**
 * The sign-in page's first step. A person of a single sign-on company is sent to their
 * identity provider (a full page load: the provider's page, then our callback, which opens the
 * session); everyone else gives their password next. The answer never says whether an account exists.
 */
export function useEmailFirst() {
  return useMutation({
    mutationFn: async (email: string): Promise<"provider" | "password"> => {
      const found = await lookupSso(email);
      if (!found.sso || !found.redirect_url) return "password";
      window.location.assign(found.redirect_url);
      return "provider";
    },
  });
}

/** A sign-up signs nobody in: the address is confirmed through the mailed link first. */
export function useSignUp() {
  return useMutation({
    mutationFn: signUp,
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: resetPassword,
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
