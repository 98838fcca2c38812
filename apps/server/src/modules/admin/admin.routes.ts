import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AdjustBudgetRequest,
  AdminAccount,
  AdminAccountsQuery,
  AdminAuditEntry,
  AdminAuditQuery,
  AdminBudget,
  AdminBudgetsQuery,
  AdminCompaniesQuery,
  AdminCompany,
  CreateCompanyRequest,
  CreateInvitationRequest,
  ErrorBody,
  IdParam,
  Paginated,
  SignInEvent,
  UpdateAdminAccountRequest,
  UpdateCompanyRequest,
} from "@learnward/contracts";
import { adminPolicy } from "./admin.policy.ts";
import { AppError } from "../../lib/errors.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import { snakeKeys } from "../../lib/snake.ts";
import type { PeopleService } from "../people/people.service.ts";
import type { AdminRepo } from "./admin.repo.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
/** Only platform operators reach the admin area (issue 11); every other role gets 403. */
const admin = { access: ["admin"] as const };

type CompanyRow = NonNullable<Awaited<ReturnType<AdminRepo["company"]>>>;
const presentCompany = (x: CompanyRow) => ({
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

export const adminRoutes: FastifyPluginAsyncZod<{ repo: AdminRepo; people: PeopleService }> = async (app, { repo, people }) => {
  const companyOut = async (id: number) => {
    const c = await repo.company(id);
    if (!c) throw new AppError("company_not_found", 404, "Company not found");
    return presentCompany(c);
  };

  app.get(
    "/api/b2b/v1/admin/companies",
    { config: admin, schema: { tags: ["admin"], summary: "Every company with people and activity counts", querystring: AdminCompaniesQuery, response: { 200: Paginated(AdminCompany), ...errors } } },
    async (req) => {
      const p = pageParams(req.query, req.query.page_size);
      const { rows, count } = await repo.companies({ search: req.query.search, status: req.query.status }, p.limit, p.offset);
      return toPage(req, p, count, rows.map(presentCompany));
    },
  );

  app.post(
    "/api/b2b/v1/admin/companies",
    { config: admin, schema: { tags: ["admin"], summary: "Create a company", body: CreateCompanyRequest, response: { 201: AdminCompany, ...errors } } },
    async (req, reply) => {
      const b = req.body;
      const row = await repo.createCompany(req.actor.accountId, { name: b.name, domain: b.domain, urlPhoto: b.url_photo ?? null, currency: b.currency, registrationAllowlist: b.registration_allowlist, requireTwoFactor: b.require_two_factor });
      return reply.status(201).send(await companyOut(row.id));
    },
  );

  app.get(
    "/api/b2b/v1/admin/companies/:id",
    { config: admin, schema: { tags: ["admin"], summary: "A company", params: IdParam, response: { 200: AdminCompany, ...errors } } },
    async (req) => companyOut(req.params.id),
  );

  app.patch(
    "/api/b2b/v1/admin/companies/:id",
    { config: admin, schema: { tags: ["admin"], summary: "Edit a company", params: IdParam, body: UpdateCompanyRequest, response: { 200: AdminCompany, ...errors } } },
    async (req) => {
      const b = req.body;
      await repo.updateCompany(req.actor.accountId, req.params.id, { name: b.name, domain: b.domain, urlPhoto: b.url_photo, currency: b.currency, registrationAllowlist: b.registration_allowlist, requireTwoFactor: b.require_two_factor });
      return companyOut(req.params.id);
    },
  );

  // README, from an empty database: the operator creates a company, then invites its first hr person.
  app.post(
    "/api/b2b/v1/admin/companies/:id/invitations",
    {
      config: admin,
      schema: { tags: ["admin"], summary: "Invite someone into a company (e.g. its first hr person); the mail goes out at once", params: IdParam, body: CreateInvitationRequest, response: { 201: z.object({ id: z.number().int() }), ...errors } },
    },
    async (req, reply) => {
      const company = await repo.company(req.params.id);
      if (!company) throw new AppError("company_not_found", 404, "Company not found");
      // The invitation is audited where it is made (requests repo), like hr's.
      return reply.status(201).send({ id: await people.invite(req.actor, req.body, company.c.id) });
    },
  );

  for (const [verb, status] of [["suspend", "suspended"], ["reactivate", "active"]] as const) {
    app.post(
      `/api/b2b/v1/admin/companies/:id/${verb}`,
      { config: admin, schema: { tags: ["admin"], summary: verb === "suspend" ? "Suspend: its people can't sign in; nothing is deleted" : "Lift a suspension", params: IdParam, response: { 200: AdminCompany, ...errors } } },
      async (req) => {
        await repo.updateCompany(req.actor.accountId, req.params.id, { status }, verb);
        return companyOut(req.params.id);
      },
    );
  }

  type AccountRow = Awaited<ReturnType<AdminRepo["accounts"]>>["rows"][number];
  const presentAccount = (x: AccountRow) => ({
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

  app.get(
    "/api/b2b/v1/admin/accounts",
    { config: admin, schema: { tags: ["admin"], summary: "Find any account across companies", querystring: AdminAccountsQuery, response: { 200: Paginated(AdminAccount), ...errors } } },
    async (req) => {
      const q = req.query;
      const p = pageParams(q, q.page_size);
      const { rows, count } = await repo.accounts({ search: q.search, companyId: q.company, role: q.role, status: q.status }, p.limit, p.offset);
      return toPage(req, p, count, rows.map(presentAccount));
    },
  );

  app.patch(
    "/api/b2b/v1/admin/accounts/:id",
    { config: admin, schema: { tags: ["admin"], summary: "Change an account's role or company, deactivate or reactivate it", params: IdParam, body: UpdateAdminAccountRequest, response: { 200: AdminAccount, ...errors } } },
    async (req) => {
      const { actor } = req;
      const b = req.body;
      if (!adminPolicy.changeAccount(actor, { id: req.params.id, role: b.role, status: b.status })) {
        throw new AppError("cannot_change_own_account", 409, "You can't deactivate or demote yourself");
      }
      const role = b.role;
      if (b.company_id === null && !adminPolicy.mayHaveNoCompany(role)) throw new AppError("company_required", 400, "Only platform operators have no company");
      if (b.company_id !== undefined && b.company_id !== null && !(await repo.company(b.company_id))) throw new AppError("company_not_found", 404, "Company not found");
      const row = await repo.updateAccount(actor.accountId, req.params.id, { role, companyId: b.company_id, status: b.status });
      return presentAccount((await repo.accounts({ id: row.id, status: "all" }, 1, 0)).rows[0]!);
    },
  );

  app.get(
    "/api/b2b/v1/admin/accounts/:id/sign-ins",
    { config: admin, schema: { tags: ["admin"], summary: "An account's sign-in history (latest 100)", params: IdParam, response: { 200: z.array(SignInEvent), ...errors } } },
    async (req) => (await repo.signIns(req.params.id, 100)).map((s) => ({ at: s.at.toISOString(), ip_address: s.ip, user_agent: s.ua })),
  );

  app.get(
    "/api/b2b/v1/admin/budgets",
    { config: admin, schema: { tags: ["admin"], summary: "Each company's budgets with allocation and spend", querystring: AdminBudgetsQuery, response: { 200: Paginated(AdminBudget), ...errors } } },
    async (req) => {
      const p = pageParams(req.query, req.query.page_size);
      const { rows, count } = await repo.budgets(req.query.company, p.limit, p.offset);
      return toPage(
        req,
        p,
        count,
        rows.map((x) => ({
          id: x.b.id,
          company: { id: x.b.companyId, name: x.companyName },
          period: x.b.period,
          period_start: x.b.periodStart,
          amount_minor: Number(x.b.amountMinor),
          currency: x.b.currency,
          allocated_minor: Number(x.allocated),
          reserved_minor: Number(x.reserved),
          paid_minor: Number(x.paid),
        })),
      );
    },
  );

  app.post(
    "/api/b2b/v1/admin/budgets/:id/adjust",
    { config: admin, schema: { tags: ["admin"], summary: "Adjust a company's budget, with a reason (audited)", params: IdParam, body: AdjustBudgetRequest, response: { 200: z.object({ id: z.number().int(), amount_minor: z.number().int() }), ...errors } } },
    async (req) => {
      const row = await repo.adjustBudget(req.actor.accountId, req.params.id, req.body.amount_minor, req.body.reason);
      return { id: row.id, amount_minor: Number(row.amountMinor) };
    },
  );

  app.get(
    "/api/b2b/v1/admin/audit",
    { config: admin, schema: { tags: ["admin"], summary: "The platform operators' audit log", querystring: AdminAuditQuery, response: { 200: Paginated(AdminAuditEntry), ...errors } } },
    async (req) => {
      const p = pageParams(req.query, req.query.page_size);
      const { rows, count } = await repo.auditLog({ entity: req.query.entity, entityId: req.query.entity_id, companyId: req.query.company }, p.limit, p.offset);
      const entries = rows.map((r) => ({ r, before: snakeKeys(r.e.before), after: snakeKeys(r.e.after) }));
      // Snapshots keep company ids; the page names them (one query for the page, not every company).
      const companyIds = (entry: (typeof entries)[number]) =>
        [entry.r.e.companyId, ...[entry.before, entry.after].map((snapshot) => (snapshot as { company_id?: unknown } | null)?.company_id)].filter((id): id is number => Number.isInteger(id));
      const names = await repo.companyNames([...new Set(entries.flatMap(companyIds))]);
      return toPage(
        req,
        p,
        count,
        entries.map((entry) => ({
          id: entry.r.e.id,
          actor: entry.r.e.actorId !== null && entry.r.actorName !== null ? { id: entry.r.e.actorId, display_name: entry.r.actorName } : null,
          company_id: entry.r.e.companyId,
          entity: entry.r.e.entity,
          entity_id: entry.r.e.entityId,
          action: entry.r.e.action,
          reason: entry.r.e.reason,
          before: entry.before,
          after: entry.after,
          company_names: Object.fromEntries(companyIds(entry).flatMap((id) => (names.has(id) ? [[String(id), names.get(id)!]] : []))),
          created_at: entry.r.e.createdAt.toISOString(),
        })),
      );
    },
  );
};
