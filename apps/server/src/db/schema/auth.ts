// Tables owned by better-auth (user, session, credential account, verification, rate limit).
// Field names follow better-auth's model; SQL names are prefixed so they never clash with
// the product's own `accounts` (spec §3 Account).
import { bigint, boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz, timestamps } from "./columns.ts";

export const authUsers = pgTable("auth_users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  /** better-auth's two-factor plugin: a verified authenticator is required at sign-in. */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  image: text("image"),
  ...timestamps(),
});

/** A user's sessions, credentials and second factors go with the user. */
const userRef = () =>
  text("user_id")
    .notNull()
    .references(() => authUsers.id, { onDelete: "cascade" });

export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamptz("expires_at").notNull(),
    token: text("token").notNull().unique(),
    ...timestamps(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: userRef(),
  },
  (t) => [index("auth_sessions_user_id_idx").on(t.userId)],
);

export const authCredentials = pgTable(
  "auth_credentials",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: userRef(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamptz("access_token_expires_at"),
    refreshTokenExpiresAt: timestamptz("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    ...timestamps(),
  },
  (t) => [index("auth_credentials_user_id_idx").on(t.userId)],
);

export const authVerifications = pgTable(
  "auth_verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    ...timestamps(),
  },
  (t) => [index("auth_verifications_identifier_idx").on(t.identifier)],
);

export const authRateLimits = pgTable("auth_rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** better-auth's two-factor plugin: the TOTP secret and backup codes, encrypted with the auth secret. */
export const authTwoFactors = pgTable(
  "auth_two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: userRef(),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamptz("locked_until"),
  },
  (t) => [index("auth_two_factors_user_id_idx").on(t.userId), index("auth_two_factors_secret_idx").on(t.secret)],
);
