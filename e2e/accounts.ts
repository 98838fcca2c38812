import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { request, type APIRequestContext, type BrowserContext } from "playwright-core";
import { BASE_URL, DEMO_ADMIN, DEMO_PASSWORD, OUR_ORIGIN } from "./config.ts";

// Accounts in the browser suite: signing in over the API (second factor included) and the mail
// the server sends them, read from the dev outbox as the platform admin.

/**
 * The authenticators this run set up, email → otpauth:// URI, so that every spec file can answer the
 * code of an account another file set up (the demo admin must set one up on first sign-in). Kept in
 * the run's own folder (e2e/run.mjs sets E2E_STATE_DIR), else in the temporary folder by server address.
 */
const AUTHENTICATORS = join(
  process.env.E2E_STATE_DIR ?? join(tmpdir(), `learnward-e2e-${createHash("sha256").update(BASE_URL).digest("hex").slice(0, 12)}`),
  "authenticators.json",
);

function authenticators(): Record<string, string> {
  try {
    return JSON.parse(readFileSync(AUTHENTICATORS, "utf8")) as Record<string, string>;
  } catch {
    return {};
  }
}

export function rememberAuthenticator(email: string, totpURI: string): void {
  mkdirSync(dirname(AUTHENTICATORS), { recursive: true });
  writeFileSync(AUTHENTICATORS, JSON.stringify({ ...authenticators(), [email]: totpURI }));
}

/** The code an authenticator app shows now, for an otpauth:// URI or a setup key as a person types it ("JBSW Y3DP …"). */
export function totpCode(uriOrKey: string): Promise<string> {
  const secret = uriOrKey.startsWith("otpauth://") ? new URL(uriOrKey).searchParams.get("secret") : uriOrKey.replace(/\s+/g, "");
  if (!secret) throw new Error(`no secret in ${uriOrKey}`);
  return createOTP(base32.decode(secret)).totp();
}

/** The current code of the authenticator this run set up for `email`. */
export function codeFor(email: string): Promise<string> {
  const uri = authenticators()[email];
  if (!uri) throw new Error(`${email} asks for a second factor, and no authenticator for it was set up in this run (${AUTHENTICATORS})`);
  return totpCode(uri);
}

async function ok(response: Awaited<ReturnType<APIRequestContext["post"]>>, what: string): Promise<void> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
}

/**
 * Signs in through the API as a person would: with the authenticator's code when asked for one, and
 * setting an authenticator up (remembered for later files) when their role requires it and they
 * have none yet. Waits out (Retry-After) a sign-in rate limit left by other spec files.
 */
export async function signInRequest(api: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = await api.post("/api/auth/sign-in/email", { headers: OUR_ORIGIN, data: { email, password } });
    if (response.ok()) {
      if (((await response.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
        await ok(
          await api.post("/api/auth/two-factor/verify-totp", { headers: OUR_ORIGIN, data: { code: await codeFor(email) } }),
          `second factor of ${email}`,
        );
        return;
      }
      const me = (await (await api.get("/api/me")).json()) as { account: { two_factor: { enabled: boolean; required: boolean } } };
      if (me.account.two_factor.required && !me.account.two_factor.enabled) await setUpTwoFactor(api, email, password);
      return;
    }
    if (response.status() !== 429) throw new Error(`sign-in as ${email} failed: ${response.status()} ${await response.text()}`);
    const wait = Number(response.headers()["retry-after"] ?? "30");
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 60) * 1000 + 500));
  }
  throw new Error(`sign-in as ${email} kept being rate limited`);
}

/** Turns on two-factor sign-in for the signed-in `api`, as the settings page does, and remembers the authenticator. */
async function setUpTwoFactor(api: APIRequestContext, email: string, password: string): Promise<void> {
  const enabled = await api.post("/api/auth/two-factor/enable", { headers: OUR_ORIGIN, data: { password } });
  await ok(enabled, `setting up two-factor for ${email}`);
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  await ok(
    await api.post("/api/auth/two-factor/verify-totp", { headers: OUR_ORIGIN, data: { code: await totpCode(totpURI) } }),
    `confirming two-factor for ${email}`,
  );
  rememberAuthenticator(email, totpURI);
}

/** Signs in through the API (same cookie jar as the page), for tests about something else. */
export function signInWithApi(context: BrowserContext, email: string, password = DEMO_PASSWORD): Promise<void> {
  return signInRequest(context.request, email, password);
}

let adminApi: Promise<APIRequestContext> | undefined;

/**
 * API calls as the demo platform admin, signed in once per spec file (sign-in allows 5 tries a
 * minute per person): the dev outbox, for one, is theirs alone to read.
 */
export function asAdmin(): Promise<APIRequestContext> {
  adminApi ??= request.newContext({ baseURL: BASE_URL }).then(async (api) => {
    await signInRequest(api, DEMO_ADMIN);
    return api;
  });
  return adminApi;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The dev outbox, newest first, read as the platform admin. */
export async function readOutbox(pageSize = 50): Promise<OutboxMail[]> {
  const response = await (await asAdmin()).get("/api/dev/outbox/", { params: { page_size: pageSize } });
  await ok(response, "reading the dev outbox");
  return ((await response.json()) as { results: OutboxMail[] }).results;
}

/**
 * The dev outbox once `ready` holds for it, waiting up to 10 s: mail leaves through a job, so it
 * arrives a moment after the answer that queued it.
 */
export async function outboxWhen(ready: (mails: OutboxMail[]) => boolean, what: string): Promise<OutboxMail[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = await readOutbox();
    if (ready(mails)) return mails;
    if (Date.now() > deadline) throw new Error(`the outbox did not show ${what} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The first link of the newest mail to `to`, waiting up to 10 s for it to arrive. */
export async function linkInMail(to: string, subject?: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = (await readOutbox()).find((message) => message.to === to && (!subject || subject.test(message.subject)));
    const link = /https?:\/\/\S+/.exec(mail?.text ?? "")?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no mail with a link to ${to} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Follows the confirmation mail to `email` and chooses `password` on the page it opens, as the
 * address's owner does: choosing the password there is what confirms the address.
 */
export async function confirmAddress(api: APIRequestContext, email: string, password: string): Promise<void> {
  const followed = await api.get(await linkInMail(email, /Confirm|Confirma/), { maxRedirects: 0 });
  const token = new URL(followed.headers()["location"] ?? "/", BASE_URL).searchParams.get("token");
  const chosen = await api.post("/api/auth/reset-password", { headers: OUR_ORIGIN, data: { token, newPassword: password } });
  if (!chosen.ok()) throw new Error(`confirming ${email} failed: ${chosen.status()} ${await chosen.text()}`);
}
