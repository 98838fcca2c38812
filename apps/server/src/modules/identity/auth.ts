import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { bearer } from "better-auth/plugins/bearer";
import { MIN_PASSWORD_LENGTH } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { authCredentials, authRateLimits, authSessions, authUsers, authVerifications, signInEvents } from "../../db/schema/index.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { allowListAdmits, type IdentityRepo } from "./identity.repo.ts";

/** The header our server sets (replacing any client value) with the caller's IP for better-auth. */
export const CLIENT_IP_HEADER = "x-learnward-client-ip";

export interface AuthOptions {
  db: Db;
  repo: IdentityRepo;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  trustedOrigins: string[];
}

export function createAuth(o: AuthOptions) {
  return betterAuth({
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
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await o.mailer.send({
          to: user.email,
          subject: "Reset your Learnward password",
          text: `Hello ${user.name},\n\nOpen this link to choose a new password (valid for one hour):\n${url}\n\nIf you did not ask for it, ignore this message.`,
        });
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
        "/get-session": false,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: o.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
    },
    plugins: [bearer()],
    databaseHooks: {
      user: {
        create: {
          // PRODUCT.md: registration needs a pending invitation or a company allow-list entry.
          before: async (user) => {
            const target = await registrationTarget(o.repo, user.email);
            if (!target) {
              throw new APIError("FORBIDDEN", {
                code: "REGISTRATION_NOT_ALLOWED",
                message: "Email is currently not allowed to register",
              });
            }
            return { data: user };
          },
          after: async (user) => {
            const target = await registrationTarget(o.repo, user.email);
            if (!target) return;
            await o.repo.createAccount({ uid: user.id, email: user.email, ...target });
          },
        },
      },
      session: {
        create: {
          // Deactivated people and suspended companies cannot sign in (PRODUCT.md, issue 11).
          before: async (session) => {
            const account = await o.repo.accountByUid(session.userId);
            if (account && account.status !== "active") throw new APIError("FORBIDDEN", { code: "ACCOUNT_INACTIVE", message: "This account is not active" });
            if (account?.companyStatus === "suspended") throw new APIError("FORBIDDEN", { code: "COMPANY_SUSPENDED", message: "This company's access is suspended" });
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
}
export type Auth = ReturnType<typeof createAuth>;

async function registrationTarget(repo: IdentityRepo, email: string) {
  const invitation = await repo.pendingInvitation(email.toLowerCase());
  if (invitation) {
    return {
      companyId: invitation.companyId,
      teamId: invitation.teamId,
      role: invitation.role,
      invitationId: invitation.id,
    };
  }
  const domain = email.toLowerCase().split("@")[1];
  const company = domain ? await repo.companyByDomain(domain) : undefined;
  if (company && company.status === "active" && allowListAdmits(company.registrationAllowlist, email)) {
    return { companyId: company.id, teamId: null, role: "member" as const };
  }
  return null;
}
