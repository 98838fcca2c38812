import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

/** The current code of an authenticator set up from this otpauth:// URI, as a phone app computes it. */
export function totpCode(totpURI: string): Promise<string> {
  const secret = new URL(totpURI).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${totpURI}`);
  return createOTP(base32.decode(secret)).totp();
}
