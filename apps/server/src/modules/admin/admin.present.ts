import { snakeKeys } from "../../lib/snake.ts";
import type { AdminRepo } from "./admin.repo.ts";

/** The answers' shapes of the admin area (contracts' AdminCompany, AdminAccount, AdminBudget, AdminAuditEntry). */

type CompanyRow = NonNullable<Awaited<ReturnType<AdminRepo["company"]>>>;
type AccountRow = Awaited<ReturnType<AdminRepo["accounts"]>>["rows"][number];
type BudgetRow = Awaited<ReturnType<AdminRepo["budgets"]>>["rows"][number];
type AuditRow = Awaited<ReturnType<AdminRepo["auditLog"]>>["rows"][number];

export const presentCompany = (x: CompanyRow) => ({
  id: x.c.id,
  name: x.c.name,
  domain: x.c.domain,
  url_photo: x.c.urlPhoto,
  currency: x.c.currency,
  registration_allowlist: x.c.registrationAllowlist,
  status: x.c.status,
  require_two_factor: x.c.requireTwoFactor,
  people_count: x.people,
  active_people_30d: x.active30,
  saves_30d: x.saves30,
  created_at: x.c.createdAt.toISOString(),
});

export const presentAccount = (x: AccountRow) => ({
  id: x.a.id,
  uid: x.a.uid,
  email: x.email,
  display_name: x.name,
  role: x.a.role,
  status: x.a.status,
  company: x.a.companyId !== null && x.companyName !== null ? { id: x.a.companyId, name: x.companyName, domain: x.companyDomain! } : null,
  team: x.a.teamId !== null && x.teamName !== null ? { id: x.a.teamId, name: x.teamName } : null,
  created_at: x.a.createdAt.toISOString(),
  last_sign_in_at: x.lastSignIn ? new Date(x.lastSignIn).toISOString() : null,
});

export const presentAdminBudget = (x: BudgetRow) => ({
  id: x.b.id,
  company: { id: x.b.companyId, name: x.companyName },
  period: x.b.period,
  period_start: x.b.periodStart,
  amount_minor: Number(x.b.amountMinor),
  currency: x.b.currency,
  allocated_minor: Number(x.allocated),
  reserved_minor: Number(x.reserved),
  paid_minor: Number(x.paid),
});

/** An audit entry with its snapshots in the answer's snake_case. */
export const auditSnapshots = (r: AuditRow) => ({ r, before: snakeKeys(r.e.before), after: snakeKeys(r.e.after) });
type AuditEntry = ReturnType<typeof auditSnapshots>;

/** The companies an entry concerns: its own and any its snapshots name (the page shows their names). */
export const auditCompanyIds = (entry: AuditEntry) =>
  [entry.r.e.companyId, ...[entry.before, entry.after].map((snapshot) => (snapshot as { company_id?: unknown } | null)?.company_id)].filter(
    (id): id is number => Number.isInteger(id),
  );

export const presentAdminAuditEntry = (entry: AuditEntry, names: Map<number, string>) => ({
  id: entry.r.e.id,
  actor: entry.r.e.actorId !== null && entry.r.actorName !== null ? { id: entry.r.e.actorId, display_name: entry.r.actorName } : null,
  company_id: entry.r.e.companyId,
  entity: entry.r.e.entity,
  entity_id: entry.r.e.entityId,
  action: entry.r.e.action,
  reason: entry.r.e.reason,
  before: entry.before,
  after: entry.after,
  company_names: Object.fromEntries(auditCompanyIds(entry).flatMap((id) => (names.has(id) ? [[String(id), names.get(id)!]] : []))),
  created_at: entry.r.e.createdAt.toISOString(),
});
