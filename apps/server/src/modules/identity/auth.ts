import { type BetterAuthPlugin, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { createAuthMiddleware } from "better-auth/api";
import { bearer } from "better-auth/plugins/bearer";
import { twoFactor } from "better-auth/plugins/two-factor";
import { MIN_PASSWORD_LENGTH } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { authCredentials, authRateLimits, authSessions, authTwoFactors, authUsers, authVerifications, signInEvents } from "../../db/schema/index.ts";
import type { BackgroundTasks } from "../../lib/background.ts";
import type { Clock } from "../../lib/clock.ts";
import { fetchRequestLocale } from "../../lib/locale.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { SESSION_REFUSALS } from "./identity.policy.ts";
import type { IdentityRepo } from "./identity.repo.ts";
import { confirmAddressMail, existingAccountMail, resetPasswordMail } from "./identity.mail.tsx";
import { createIdentityService } from "./identity.service.ts";

/** The header our server sets (replacing any client value) with the caller's IP for better-auth. */
export const CLIENT_IP_HEADER = "x-learnward-client-ip";

export interface AuthOptions {
  db: Db;
  repo: IdentityRepo;
  mailer: Mailer;
  /** The app's clock: an unproven account is stamped by it, since its days are counted on it. */
  clock: Clock;
  background: BackgroundTasks;
  secret: string;
  publicUrl: string;
  trustedOrigins: string[];
  /**
   * Single sign-on through a company's OpenID Connect or SAML provider: the sso module's plugins,
   * mounted with identity's own. Identity knows them only as better-auth plugins (sso builds on
   * identity, not the other way round).
   */
  sso?: BetterAuthPlugin[];
  /** How passwords are hashed and checked: better-auth's own scrypt unless given. */
  passwordHashing?: PasswordHashing;
}

/**
 * A replacement for better-auth's password hashing. Only tests give one: the same scrypt at a far
 * lower cost, because each of the suite's several hundred sign-ins otherwise spends a tenth of a
 * second of a core on the production cost.
 */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

export function createAuth(o: AuthOptions) {
  // Who may register and where they land are identity's rules; the user hooks below only apply them.
  const identity = createIdentityService({ db: o.db, repo: o.repo, clock: o.clock });
  const localeOfUser = async (uid: string, request?: Request) => (await o.repo.accountByUid(uid))?.locale ?? fetchRequestLocale(request);
  // Proving an address and choosing its password are one step: the confirmation mail carries
  // better-auth's own set-password link, so whatever password a registrant typed before the address
  // was proven is replaced by the one chosen through the mailbox (and every session ends with it).
  // Only the mailbox's owner can follow it; the person who registered chooses their password again.
  let mailConfirmation: (email: string, request?: Request) => Promise<unknown> = async () => undefined;
  const auth = betterAuth({
    appName: "Learnward",
    secret: o.secret,
    baseURL: o.publicUrl,
    basePath: "/api/auth",
    trustedOrigins: o.trustedOrigins,
    database: drizzleAdapter(o.db, {
      provider: "pg",
      schema: {
        user: authUsers,
        session: authSessions,
        account: authCredentials,
        verification: authVerifications,
        rateLimit: authRateLimits,
        twoFactor: authTwoFactors,
      },
    }),
    // Profile changes go through PATCH /api/user/profile, which applies the profile's rules.
    // A bare verification link would prove the address while keeping a password set before: off.
    disabledPaths: ["/update-user", "/update-session", "/verify-email"],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      // PRODUCT.md: an account acts only once its address is proven. With this on, better-auth also
      // answers a sign-up for a registered address exactly as for a new one (no account enumeration).
      requireEmailVerification: true,
      ...(o.passwordHashing ? { password: o.passwordHashing } : {}),
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Following the mailed link and choosing a password proves the address.
      onPasswordReset: async ({ user }) => {
        if (user.emailVerified) return;
        await o.repo.markAddressProven(user.id);
        // Every other confirmation link was a way to choose this password: spent with it.
        await o.repo.dropResetTokens(user.id);
      },
      sendResetPassword: async ({ user, url }, request) => {
        if (!user.emailVerified) {
          // The link confirms the address: it lands on the page that says so, whoever asked for it.
          const link = new URL(url);
          link.searchParams.set("callbackURL", CONFIRM_PAGE);
          await o.mailer.send(await confirmAddressMail({ to: user.email, url: link.toString(), locale: fetchRequestLocale(request) }));
          return;
        }
        await o.mailer.send(await resetPasswordMail({ to: user.email, name: user.name, url, locale: await localeOfUser(user.id, request) }));
      },
      // The owner (proven) hears of the attempt; for an address not proven yet, whoever registers it
      // again gets a fresh confirmation, so a stranger who came first holds nothing.
      onExistingUserSignUp: async ({ user }, request) => {
        if (!user.emailVerified) return void (await mailConfirmation(user.email, request));
        await o.mailer.send(
          await existingAccountMail({ to: user.email, name: user.name, publicUrl: o.publicUrl, locale: await localeOfUser(user.id, request) }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // An unverified person who tries to sign in gets a fresh link rather than a dead end.
      sendOnSignIn: true,
      // better-auth's own verification link is off (see disabledPaths): the mail carries the set-password link instead.
      sendVerificationEmail: async ({ user }, request) => {
        if (user.emailVerified) return; // an invitation link proved the address already
        await mailConfirmation(user.email, request);
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Switched on in every environment, tests included; counters live in the database so
    // several server processes share them. The per-IP limits are sized for an office behind
    // one address; the per-person limit on top of them is in plugins/auth.ts.
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 600,
      customRules: {
        "/sign-in/email": { window: 60, max: 60 },
        "/sign-up/email": { window: 60, max: 30 },
        "/request-password-reset": { window: 60, max: 30 },
        "/reset-password": { window: 60, max: 30 },
        "/change-password": { window: 60, max: 20 },
        "/send-verification-email": { window: 60, max: 10 },
        // Per address, so sized for an office; guessing is stopped per challenge (5 tries) and per
        // account (locked for 15 minutes after 10 wrong codes) by the two-factor plugin itself.
        "/two-factor/*": { window: 60, max: 60 },
        "/get-session": false,
      },
    },
    advanced: {
      // Checked in tests too (better-auth skips it under NODE_ENV=test): tests then meet what a
      // client meets in production.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: o.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
      // Mail is sent after the answer: a reset or sign-up answers in the same time for any address.
      backgroundTasks: { handler: (task) => o.background.run(task) },
    },
    hooks: {
      // A password change ends every other session, whatever the client asked (PRODUCT.md, Identity).
      before: createAuthMiddleware(async (ctx) => {
        // An unproven account past its days is forgotten where it is met: it no longer holds its
        // address, answers a sign-in, or can be confirmed.
        if (LAPSE_CHECKED_PATHS.has(ctx.path)) await identity.forgetLapsed(ctx.body?.email);
        if (ctx.path === "/reset-password") await identity.forgetLapsedByLink(ctx.body?.token ?? ctx.query?.token);
        if (ctx.path === "/reset-password/:token") await identity.forgetLapsedByLink(ctx.params?.token);
        if (ctx.path === "/change-password") return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
      }),
    },
    plugins: [
      bearer(),
      twoFactor({ issuer: "Learnward", accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 } }),
      ...(o.sso ?? []),
    ],
    databaseHooks: {
      user: {
        create: {
          // PRODUCT.md: registration needs an invitation's token or a company allow-list entry.
          before: async (user) => {
            const target = await identity.registrationTarget(user.email);
            if (!target) {
              throw new APIError("BAD_REQUEST", { code: "REGISTRATION_NOT_ALLOWED", message: "Email is currently not allowed to register" });
            }
            // An unproven account's days are counted on the app's clock (identity.service.ts UNPROVEN_DAYS), so it is stamped by it.
            return { data: { ...user, emailVerified: target.verified, ...(target.verified ? {} : { createdAt: o.clock.now() }) } };
          },
          after: async (user) => {
            const target = await identity.registrationTarget(user.email);
            if (!target) return;
            await identity.createAccount({
              uid: user.id,
              email: user.email,
              companyId: target.companyId,
              teamId: target.teamId,
              role: target.role,
              invitationId: target.invitationId,
            });
          },
        },
      },
      verification: {
        create: {
          // A link that proves a new address lives a day, as confirmation links did; a reset, an hour.
          before: async (row) => {
            if (row.identifier.startsWith(RESET_PREFIX) && (await o.repo.addressProven(row.value)) === false) {
              return { data: { ...row, expiresAt: new Date(Date.now() + CONFIRM_LINK_SECONDS * 1000) } };
            }
            return { data: row };
          },
          // A new reset link replaces the older ones: only the newest works. Confirmation links of an
          // address not proven yet all stay good until one is used: they are mailed in the background
          // and may arrive in any order, and each reaches only the address's own inbox.
          after: async (row) => {
            if (row.identifier.startsWith(RESET_PREFIX) && (await o.repo.addressProven(row.value)) === true) {
              await o.repo.dropResetTokens(row.value, row.identifier);
            }
          },
        },
      },
      session: {
        create: {
          // Deactivated people and suspended companies cannot sign in (identity.policy.ts sessionRefusal).
          before: async (session) => {
            const refusal = await identity.signInRefusal(session.userId);
            if (refusal) throw new APIError("FORBIDDEN", { code: refusal, message: REFUSALS[refusal] });
            return { data: session };
          },
          // Sessions end; the sign-in history shown to platform operators stays.
          after: async (session) => {
            await o.db.insert(signInEvents).values({ userId: session.userId, ipAddress: session.ipAddress ?? null, userAgent: session.userAgent ?? null });
          },
        },
      },
    },
  });
  mailConfirmation = (email, request) =>
    auth.api.requestPasswordReset({ body: { email, redirectTo: CONFIRM_PAGE }, headers: request?.headers ?? new Headers(), request });
  return auth;
}
/** Where a confirmation link lands: the set-password page, worded as confirming the address. */
const CONFIRM_PAGE = "/reset-password?confirm=1";
const CONFIRM_LINK_SECONDS = 24 * 60 * 60;
const LAPSE_CHECKED_PATHS = new Set(["/sign-up/email", "/sign-in/email", "/request-password-reset", "/send-verification-email"]);
const RESET_PREFIX = "reset-password:";
const REFUSALS = { ACCOUNT_INACTIVE: SESSION_REFUSALS.account_inactive, COMPANY_SUSPENDED: SESSION_REFUSALS.company_suspended } as const;
export type Auth = ReturnType<typeof createAuth>;
