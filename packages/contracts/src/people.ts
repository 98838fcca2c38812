import { z } from "zod";
import { Email, Role } from "./identity.ts";
import { Id, IdText, QueryBool } from "./common.ts";

/** spec §3 request status; `all` is a filter only. */
export const RequestStatus = z.enum(["pending", "accepted", "rejected"]);
export type RequestStatus = z.infer<typeof RequestStatus>;
export const RequestStatusFilter = z.enum(["all", "pending", "accepted", "rejected"]);
export const SortOrder = z.enum(["asc", "desc"]);
/** Roles a company's hr may give (never admin; PRODUCT.md). */
export const CompanyRole = z.enum(["hr", "ldleader", "teamleader", "member"]);
export type CompanyRole = z.infer<typeof CompanyRole>;

const Person = z.object({ id: z.number().int(), display_name: z.string(), email: z.string() });

export const Team = z.object({
  id: z.number().int(),
  name: z.string(),
  leader: Person.nullable(),
  members_count: z.number().int(),
  created_at: z.string(),
});
export type Team = z.infer<typeof Team>;
export const CreateTeamRequest = z.object({ name: z.string().trim().min(1).max(120), leader_id: Id.nullable().optional() }).strict();
export const UpdateTeamRequest = z
  .object({ name: z.string().trim().min(1).max(120).optional(), leader_id: Id.nullable().optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.leader_id !== undefined, { message: "Give a name or a leader_id" });
export const TeamsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(120).optional(),
});

export const Employee = z.object({
  id: z.number().int(),
  uid: z.string(),
  display_name: z.string(),
  email: z.string(),
  username: z.string(),
  photo_url: z.string().nullable(),
  role: Role,
  status: z.enum(["active", "deactivated"]),
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type Employee = z.infer<typeof Employee>;
export const TeamMembersQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const EmployeesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(120).optional().describe("Name, email or username"),
  team: IdText.optional(),
  role: Role.optional(),
  status: z.enum(["active", "deactivated", "all"]).default("active"),
  ordering: z.enum(["name", "email", "created_at", "role"]).default("name"),
  sort: SortOrder.default("asc"),
});
export const UpdateEmployeeRequest = z
  .object({
    role: CompanyRole.optional(),
    team_id: Id.nullable().optional(),
    status: z.enum(["deactivated"]).optional().describe("Deactivate: sign-in refused, history kept"),
  })
  .strict()
  .refine((b) => b.role !== undefined || b.team_id !== undefined || b.status !== undefined, { message: "Nothing to change" });

export const Invitation = z.object({
  id: z.number().int(),
  email: z.string(),
  role: CompanyRole,
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  company: z.object({ name: z.string(), domain: z.string() }),
  invited_by: z.string().nullable().describe("The name of who sent this link: whom to ask for a new one once it has expired"),
  expires_at: z.string(),
  status: z.enum(["pending", "accepted", "expired", "revoked"]),
});
export const CreateInvitationRequest = z.object({ email: Email, role: CompanyRole.default("member"), team_id: Id.nullable().optional() }).strict();
export const AcceptInvitationRequest = z
  .object({ name: z.string().trim().min(1).max(120), password: z.string().min(6, { message: "weak_password" }).max(128) })
  .strict();
export const InvitationTokenParam = z.object({
  token: z
    .string()
    .min(20)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
});

/** Invitations people can manage. One not accepted, revoked or expired yet, as hr and admins list it. */
export const PendingInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  role: CompanyRole,
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  company: z.object({ id: z.number().int(), name: z.string(), domain: z.string() }),
  invited_by: z.object({ id: z.number().int(), display_name: z.string() }).nullable().describe("Who sent (or last resent) it"),
  sent_at: z.string().describe("When this link was sent"),
  expires_at: z.string(),
  status: z.enum(["pending", "expired"]),
});
export const InvitationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(120).optional().describe("Part of the invited address"),
  include_expired: QueryBool.describe("Also the expired ones, to send a fresh link"),
  company: IdText.optional().describe("Platform operators: one company's only (hr always sees their own)"),
});

export const InviteRequest = z.object({
  id: z.number().int(),
  email: z.string(),
  role: CompanyRole,
  team: z.object({ id: z.number().int(), name: z.string() }),
  status: RequestStatus,
  reason: z.string().nullable().describe("Why it was asked, or why it was rejected"),
  requested_by: Person,
  decided_by: Person.nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export const CreateInviteRequest = z
  .object({ email: Email, team_id: Id, role: z.enum(["member"]).default("member"), reason: z.string().trim().max(500).optional() })
  .strict();

export const RemovalRequest = z.object({
  id: z.number().int(),
  employee: Person,
  team: z.object({ id: z.number().int(), name: z.string() }),
  status: RequestStatus,
  reason: z.string().nullable(),
  decision_reason: z.string().nullable(),
  requested_by: Person,
  decided_by: Person.nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export const CreateRemovalRequest = z.object({ employee_id: Id, reason: z.string().trim().max(500).optional() }).strict();
export const RequestsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  status: RequestStatusFilter.default("all"),
  sort: SortOrder.default("desc"),
});
export const DecideRequest = z.object({ reason: z.string().trim().max(500).optional() }).strict();
