import { z } from "zod";
import { Id, IdText } from "./common.ts";
import { Role } from "./identity.ts";

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, "Not a domain name");
const allowEntry = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine((v) => /^\*@[^@\s]+\.[^@\s]+$/.test(v) || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v), "An email or *@domain");
const logo = z
  .string()
  .trim()
  .max(100_000)
  .refine((v) => /^https?:\/\//i.test(v) || /^data:image\/(png|jpeg|webp|svg\+xml)[;,]/i.test(v), "An http(s) link or an image data URL");

export const AdminCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string(),
  url_photo: z.string().nullable(),
  currency: z.string().length(3),
  registration_allowlist: z.array(z.string()),
  status: z.enum(["active", "suspended"]),
  require_two_factor: z.boolean().describe("hr and L&D leaders must sign in with a second factor"),
  people_count: z.number().int(),
  active_people_30d: z.number().int().describe("People who signed in during the last 30 days"),
  saves_30d: z.number().int().describe("Items saved during the last 30 days"),
  created_at: z.string(),
});
const currency = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, "An ISO 4217 code such as USD");
const allowlist = z.array(allowEntry).max(500);
export const CreateCompanyRequest = z
  .object({
    name: z.string().trim().min(1).max(120),
    domain,
    url_photo: logo.nullable().optional(),
    currency: currency.default("USD"),
    registration_allowlist: allowlist.default([]),
    require_two_factor: z.boolean().default(false),
  })
  .strict();
// Its own fields, not CreateCompanyRequest.partial(): a partial keeps the defaults, and an edit of
// the name alone would reset the currency to USD and empty the allow-list.
export const UpdateCompanyRequest = z
  .object({
    name: CreateCompanyRequest.shape.name,
    domain,
    url_photo: logo.nullable(),
    currency,
    registration_allowlist: allowlist,
    require_two_factor: z.boolean(),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: "Nothing to change" });
export const AdminCompaniesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(120).optional(),
  status: z.enum(["all", "active", "suspended"]).default("all"),
});

export const AdminAccount = z.object({
  id: z.number().int(),
  uid: z.string(),
  email: z.string(),
  display_name: z.string(),
  role: Role,
  status: z.enum(["active", "deactivated"]),
  company: z.object({ id: z.number().int(), name: z.string(), domain: z.string() }).nullable(),
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export const AdminAccountsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(120).optional().describe("Name or email"),
  company: IdText.optional(),
  role: Role.optional(),
  status: z.enum(["all", "active", "deactivated"]).default("all"),
});
export const UpdateAdminAccountRequest = z
  .object({
    role: Role.optional(),
    company_id: Id.nullable().optional().describe("Moving company leaves the team"),
    status: z.enum(["active", "deactivated"]).optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: "Nothing to change" });
export const SignInEvent = z.object({ at: z.string(), ip_address: z.string().nullable(), user_agent: z.string().nullable() });

export const AdminBudget = z.object({
  id: z.number().int(),
  company: z.object({ id: z.number().int(), name: z.string() }),
  period: z.enum(["year", "month"]),
  period_start: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  allocated_minor: z.number().int(),
  reserved_minor: z.number().int(),
  paid_minor: z.number().int(),
});
export const AdminBudgetsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  company: IdText.optional(),
});
export const AdjustBudgetRequest = z
  .object({ amount_minor: z.number().int().min(0).max(1_000_000_000_000), reason: z.string().trim().min(1).max(1000) })
  .strict();

/** What an audit entry is about: the operators' own actions and every company's security events. */
export const AUDIT_ENTITIES = [
  "company",
  "account",
  "budget",
  "invitation",
  "publish_request",
  "plan",
  "sign_in",
  "two_factor",
  "outbox",
  "catalog_item",
  "calendar_feed",
  "scim_token",
  "team",
  "access_token",
  "catalog_feed",
  "lrs_credential",
  "xapi_activity_mapping",
  "certificate",
  "lrs_forwarder",
  "compliance_requirement",
] as const;
export const AuditEntity = z.enum(AUDIT_ENTITIES);
export type AuditEntity = z.infer<typeof AuditEntity>;

export const AdminAuditEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), display_name: z.string() }).nullable(),
  company_id: z.number().int().nullable().describe("The company the event happened in; null for the platform itself"),
  entity: AuditEntity,
  entity_id: z.number().int().nullable(),
  action: z.string(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** The names of the companies the entry's snapshots refer to (company_id), by id. */
  company_names: z.record(z.string(), z.string()),
  created_at: z.string(),
});
export const AdminAuditQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
  entity: AuditEntity.optional(),
  entity_id: IdText.optional(),
  company: IdText.optional().describe("Only this company's events"),
});
