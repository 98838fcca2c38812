import { useMutation, useQueryClient } from "@tanstack/react-query";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";
import { sessionKey } from "./hooks";
import { forgetTwoFactorChallenge } from "./twoFactorChallenge";

// better-auth's two-factor plugin (apps/server/src/modules/identity/auth.ts), behind /api/auth.
const TWO_FACTOR = "/api/auth/two-factor";

/** What the person gives after their password: the authenticator app's code, or one of their backup codes. */
export type SecondFactor = "totp" | "backup";

const checkSetup = checkedBy((s) => s.EnableTwoFactorResponse);
const checkBackupCodes = checkedBy((s) => s.GenerateBackupCodesResponse);

/** Opens the session the password step left waiting for its second factor. */
export function useVerifySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, code, trustDevice }: { method: SecondFactor; code: string; trustDevice: boolean }) =>
      request(`${TWO_FACTOR}/${method === "totp" ? "verify-totp" : "verify-backup-code"}`, { method: "POST", body: { code, trustDevice } }),
    onSuccess: async () => {
      forgetTwoFactorChallenge();
      await queryClient.invalidateQueries({ queryKey: sessionKey });
    },
  });
}

/** Step 1 of setting up: a new secret (as an otpauth:// URI) and backup codes; nothing is asked at sign-in yet. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) => request(`${TWO_FACTOR}/enable`, { method: "POST", body: { password }, parse: checkSetup }),
  });
}

/**
 * Step 2: a code from the app proves it holds the secret; from then on sign-in asks for one. The
 * server replaces the session's cookie; the caller refreshes the session when it is ready to
 * (the gate must keep showing the backup codes first).
 */
export function useConfirmTwoFactor() {
  return useMutation({
    mutationFn: (code: string) => request(`${TWO_FACTOR}/verify-totp`, { method: "POST", body: { code } }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => request(`${TWO_FACTOR}/disable`, { method: "POST", body: { password } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}

/** A new set of backup codes; the previous ones stop working. */
export function useRegenerateBackupCodes() {
  return useMutation({
    mutationFn: (password: string) => request(`${TWO_FACTOR}/generate-backup-codes`, { method: "POST", body: { password }, parse: checkBackupCodes }),
  });
}
