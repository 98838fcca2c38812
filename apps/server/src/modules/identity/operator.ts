import { randomBytes } from "node:crypto";
import { z } from "zod";
import { adminPolicy } from "../admin/admin.policy.ts";
import type { Auth } from "./auth.ts";
import type { IdentityRepo } from "./identity.repo.ts";
import { asOperator } from "./registration.ts";

export class OperatorError extends Error {}

/**
 * The first platform operator of an empty install (`npm run admin:create`). The account gets an
 * unguessable password nobody knows and a one-time link to choose one (better-auth's own reset
 * token, valid for an hour); two-factor sign-in is set up at the first sign-in, as for every admin.
 * `link` receives the set-password link instead of a mail (the command prints it).
 */
export async function createOperator(
  d: { auth: Auth; repo: IdentityRepo; captureResetLink: (run: () => Promise<unknown>) => Promise<string> },
  input: { email: string; name: string },
) {
  const email = input.email.trim().toLowerCase();
  if (!z.email().safeParse(email).success) throw new OperatorError(`"${input.email}" is not an email address`);
  if (await d.repo.accountByEmail(email)) throw new OperatorError(`${email} already has an account`);
  await asOperator(() => d.auth.api.signUpEmail({ body: { email, name: input.name, password: randomBytes(24).toString("base64url") } }));
  const account = await d.repo.accountByEmail(email);
  if (!account || !adminPolicy.isOperator(account)) throw new OperatorError(`${email} could not be created`);
  const link = await d.captureResetLink(() => d.auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } }));
  return { email, link };
}
