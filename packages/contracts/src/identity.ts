import { z } from "zod";
import { LOCALES, MIN_PASSWORD_LENGTH, ONBOARDING_PAGE_SIZE } from "./constants.ts";
import { DrfPageSize } from "./common.ts";

export const Role = z.enum(["admin", "hr", "ldleader", "teamleader", "member"]);
export type Role = z.infer<typeof Role>;

/** spec §3 role labels */
export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  hr: "HR",
  ldleader: "L&D Leader",
  member: "Team member",
  teamleader: "Team leader",
};

export const AccountStatus = z.enum(["active", "deactivated"]);

export const Email = z.string().trim().toLowerCase().max(254).email({ message: "invalid_email" });
export const Password = z.string().min(MIN_PASSWORD_LENGTH, { message: "weak_password" }).max(128, { message: "weak_password" });

export const SignInRequest = z.object({ email: Email, password: z.string().min(1).max(128) });
export type SignInRequest = z.infer<typeof SignInRequest>;
export const SignUpRequest = z.object({
  name: z.string().trim().min(1).max(120),
  email: Email,
  password: Password,
});
export type SignUpRequest = z.infer<typeof SignUpRequest>;
export const ForgotPasswordRequest = z.object({ email: Email });
export const ResetPasswordRequest = z.object({ token: z.string().min(1), newPassword: Password });
export const ChangePasswordRequest = z.object({ currentPassword: z.string().min(1), newPassword: Password });

export const TeamRef = z.object({ id: z.number().int(), name: z.string() });

/** spec §3 Account: uid, role, domain, created_at, team (with id). */
export const Account = z.object({
  id: z.number().int(),
  uid: z.string().describe("Identity provider user id"),
  email: z.string(),
  username: z.string().describe("Unique within the company"),
  display_name: z.string(),
  photo_url: z.string().nullable(),
  role: Role,
  status: AccountStatus,
  locale: z.enum(LOCALES),
  domain: z.string().describe("The company's email domain"),
  company_id: z.number().int().nullable(),
  created_at: z.string().describe("ISO timestamp"),
  team: TeamRef.nullable(),
  two_factor: z
    .object({
      enabled: z.boolean().describe("Signs in with an authenticator app code"),
      required: z.boolean().describe("Must set one up before anything else (admins; hr and L&D leaders where the company says so)"),
    })
    .describe("Two-factor sign-in (TOTP)"),
});
export type Account = z.infer<typeof Account>;
export const AccountsQuery = z.object({ uid: z.string().min(1).max(64) });

/** spec §3 Company (from the profile call by domain). */
export const Company = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string(),
  url_photo: z.string().nullable(),
  currency: z.string().length(3),
  status: z.enum(["active", "suspended"]),
});
export type Company = z.infer<typeof Company>;
export const DomainParam = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, "Not a domain name"),
});

/** spec §3 User (from the sign-in provider): uid, displayName, photoURL. */
export const UserProfile = z.object({
  uid: z.string(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  email: z.string(),
  username: z.string(),
  role: Role,
  locale: z.enum(LOCALES),
});
export type UserProfile = z.infer<typeof UserProfile>;
export const UserProfileQuery = z.object({ uid: z.string().min(1).max(64) });
export const UpdateProfileRequest = z
  .object({
    displayName: z.string().trim().min(1).max(120).optional(),
    photoURL: z
      .string()
      .trim()
      .max(2048)
      .url()
      .refine((u) => /^https?:\/\//i.test(u), "Only http and https links")
      .nullable()
      .optional(),
    locale: z.enum(LOCALES).optional(),
  })
  .strict();
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

/**
 * What the signed-in account may do anywhere in the app (GET /api/me `abilities`): the web app
 * gates menus, pages and buttons with these and never compares roles itself. Rules about one
 * row (this request, that team) stay in the server's *.policy.ts and come with the row. The rules
 * that compute them: abilities.ts.
 */
export const AccountAbilities = z.object({
  company_area: z.boolean().describe("A company's pages: home, Discover, insights, paths, budgets, people (everyone but a platform operator)"),
  admin_area: z.boolean().describe("Platform operator screens under /admin"),
  read_outbox: z.boolean().describe("The mail outbox under /admin/outbox: platform operators, on a server that keeps one (outside production)"),
  see_people: z.boolean().describe("The people area (people management, skillboost)"),
  see_all_people: z.boolean().describe("Every team and employee of the company"),
  see_own_team: z.boolean().describe("The people area is the own team's page (team leaders)"),
  manage_people: z.boolean().describe("Teams, roles, moves, deactivation and invitations"),
  decide_people_requests: z.boolean().describe("Decide invite and removal requests of the company"),
  request_people_changes: z.boolean().describe("File invite and removal requests for the own team"),
  see_plan_progress: z.boolean().describe("Upskilling plans' progress of people"),
  assign_plans: z.boolean().describe("Create and assign upskilling plans"),
  decide_publish_requests: z.boolean().describe("Publish or reject collections sent for review"),
  see_team_budget: z.boolean().describe("A team's budget (/budgetingPlan)"),
  manage_company_budget: z.boolean().describe("Company budgets, allocations, payments and the requests export"),
  decide_purchase_requests: z.boolean().describe("Approve or reject purchase requests (the company's, or the own team's)"),
  request_purchases: z.boolean().describe("File purchase requests (paid from the own team's budget)"),
  manage_chat_hooks: z.boolean().describe("Connect the company's Slack and Microsoft Teams channels"),
  manage_scim_token: z.boolean().describe("Create, rotate and revoke the company's SCIM provisioning token"),
  manage_sso: z.boolean().describe("Connect the company's identity provider for single sign-on"),
  curate_catalog: z.boolean().describe("Hide catalog items and merge duplicates"),
  add_starter_catalog: z.boolean().describe("Add the starter catalog to the own company"),
  manage_catalog_feeds: z.boolean().describe("Subscribe the company catalog to feeds (RSS, Atom, podcasts, YouTube)"),
  revoke_certificates: z.boolean().describe("See anyone's certificates of the company and revoke them"),
  see_team_skill_levels: z.boolean().describe("A team's skill levels, the skills matrix (hr and the L&D leader: any team; a team leader: their own)"),
  manage_compliance: z.boolean().describe("Require learning paths of teams and roles, with a due window and a recurrence"),
  read_compliance: z.boolean().describe("The company's compliance per team and its CSV for auditors"),
  manage_lrs: z.boolean().describe("Create, rotate and revoke the learning record store's credentials; see statements waiting for a person or item"),
  map_xapi_activities: z.boolean().describe("Say which catalog item an outside xAPI activity is"),
});
export type AccountAbilities = z.infer<typeof AccountAbilities>;
export type AccountAbility = keyof AccountAbilities;

/** The current session: who I am, my company and what the shell needs. */
export const Me = z.object({
  user: z.object({ uid: z.string(), displayName: z.string(), photoURL: z.string().nullable(), email: z.string() }),
  account: Account,
  company: Company.nullable(),
  abilities: AccountAbilities,
});
export type Me = z.infer<typeof Me>;

/** GET /api/session: who is signed in, or nobody (`me: null`), without an error for the signed-out. */
export const SessionResponse = z.object({ me: Me.nullable() });
export type SessionResponse = z.infer<typeof SessionResponse>;

/** spec §3 Onboarding entry: title, type, ready. */
export const OnboardingEntry = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.string(),
  ready: z.boolean(),
  created_at: z.string(),
});
export type OnboardingEntry = z.infer<typeof OnboardingEntry>;
/** spec §7: GET api/b2b/v1/onboarding/ with page_size (30 by default, spec §9). */
export const OnboardingQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe("1-based page number"),
  page_size: DrfPageSize(ONBOARDING_PAGE_SIZE, 100),
});
export const CreateOnboardingEntryRequest = z.object({
  title: z.string().trim().min(1).max(200),
  type: z.string().trim().min(1).max(60),
  ready: z.boolean().default(true),
});
export type CreateOnboardingEntryRequest = z.infer<typeof CreateOnboardingEntryRequest>;

export const OutboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** One mail of the development outbox as it would arrive: both its parts. */
export const OutboxMail = OutboxMessage.extend({
  html: z.string().nullable().describe("The HTML part (null for a mail written before mails had one)"),
});
export type OutboxMail = z.infer<typeof OutboxMail>;

export const Health = z.object({ status: z.enum(["ok", "unavailable"]), database: z.enum(["pglite", "postgres"]) });

// Two-factor sign-in: better-auth's two-factor plugin answers these under /api/auth/two-factor/*
// (apps/server/src/modules/identity/auth.ts); the web app reads them.

/** POST /api/auth/two-factor/enable: the authenticator to add, active once a code from it is confirmed. */
export const EnableTwoFactorResponse = z.object({
  totpURI: z.string().startsWith("otpauth://totp/").describe("otpauth:// URI holding the shared secret, shown as a QR code"),
  backupCodes: z.array(z.string().min(1)).min(1).describe("One-time codes for signing in without the authenticator, shown once"),
});
export type EnableTwoFactorResponse = z.infer<typeof EnableTwoFactorResponse>;

/** POST /api/auth/two-factor/generate-backup-codes: a new set, which replaces the previous one. */
export const GenerateBackupCodesResponse = z.object({ backupCodes: EnableTwoFactorResponse.shape.backupCodes });
export type GenerateBackupCodesResponse = z.infer<typeof GenerateBackupCodesResponse>;

/** Digits in an authenticator app's code (better-auth's default). */
export const TOTP_DIGITS = 6;
