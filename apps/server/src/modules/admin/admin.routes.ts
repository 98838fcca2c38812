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
import { pageParams, presentPage, toPage } from "../../lib/pagination.ts";
import type { AdminRepo } from "./admin.repo.ts";
import type { AdminService } from "./admin.service.ts";
import { auditCompanyIds, auditSnapshots, presentAccount, presentAdminAuditEntry, presentAdminBudget, presentCompany } from "./admin.present.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
/** Only platform operators reach the admin area; every other role gets 403. */
const admin = { access: ["admin"] as const };

export const adminRoutes: FastifyPluginAsyncZod<{ repo: AdminRepo; service: AdminService }> = async (app, { repo, service }) => {
  const companyOut = async (id: number) => presentCompany(await service.company(id));

  app.get(
    "/api/b2b/v1/admin/companies",
    {
      config: admin,
      schema: {
        tags: ["admin"],
        summary: "Every company with people and activity counts",
        querystring: AdminCompaniesQuery,
        response: { 200: Paginated(AdminCompany), ...errors },
      },
    },
    async (req) =>
      presentPage(
        req,
        (p) => repo.companies({ search: req.query.search, status: req.query.status }, p.limit, p.offset),
        (row) => presentCompany(row),
      ),
  );

  app.post(
    "/api/b2b/v1/admin/companies",
    { config: admin, schema: { tags: ["admin"], summary: "Create a company", body: CreateCompanyRequest, response: { 201: AdminCompany, ...errors } } },
    async (req, reply) => {
      const b = req.body;
      const row = await service.createCompany(req.actor.accountId, {
        name: b.name,
        domain: b.domain,
        urlPhoto: b.url_photo ?? null,
        currency: b.currency,
        registrationAllowlist: b.registration_allowlist,
        requireTwoFactor: b.require_two_factor,
      });
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
    {
      config: admin,
      schema: { tags: ["admin"], summary: "Edit a company", params: IdParam, body: UpdateCompanyRequest, response: { 200: AdminCompany, ...errors } },
    },
    async (req) => {
      const b = req.body;
      // The answer is the company as the write left it (no read again).
      const changed = await service.updateCompany(req.actor.accountId, req.params.id, {
        name: b.name,
        domain: b.domain,
        urlPhoto: b.url_photo,
        currency: b.currency,
        registrationAllowlist: b.registration_allowlist,
        requireTwoFactor: b.require_two_factor,
      });
      return presentCompany(changed);
    },
  );

  // README, from an empty database: the operator creates a company, then invites its first hr person.
  app.post(
    "/api/b2b/v1/admin/companies/:id/invitations",
    {
      config: admin,
      schema: {
        tags: ["admin"],
        summary: "Invite someone into a company (e.g. its first hr person); the mail goes out at once",
        params: IdParam,
        body: CreateInvitationRequest,
        response: { 201: z.object({ id: z.number().int() }), ...errors },
      },
    },
    async (req, reply) => reply.status(201).send({ id: await service.invite(req.actor, req.params.id, req.body) }),
  );

  for (const [verb, status] of [
    ["suspend", "suspended"],
    ["reactivate", "active"],
  ] as const) {
    app.post(
      `/api/b2b/v1/admin/companies/:id/${verb}`,
      {
        config: admin,
        schema: {
          tags: ["admin"],
          summary: verb === "suspend" ? "Suspend: its people can't sign in; nothing is deleted" : "Lift a suspension",
          params: IdParam,
          response: { 200: AdminCompany, ...errors },
        },
      },
      async (req) => {
        return presentCompany(await service.updateCompany(req.actor.accountId, req.params.id, { status }, verb));
      },
    );
  }

  app.get(
    "/api/b2b/v1/admin/accounts",
    {
      config: admin,
      schema: {
        tags: ["admin"],
        summary: "Find any account across companies",
        querystring: AdminAccountsQuery,
        response: { 200: Paginated(AdminAccount), ...errors },
      },
    },
    async (req) => {
      const q = req.query;
      const p = pageParams(q, q.page_size);
      const { rows, count } = await repo.accounts({ search: q.search, companyId: q.company, role: q.role, status: q.status }, p.limit, p.offset);
      return toPage(req, p, count, rows.map(presentAccount));
    },
  );

  app.patch(
    "/api/b2b/v1/admin/accounts/:id",
    {
      config: admin,
      schema: {
        tags: ["admin"],
        summary: "Change an account's role or company, deactivate or reactivate it",
        params: IdParam,
        body: UpdateAdminAccountRequest,
        response: { 200: AdminAccount, ...errors },
      },
    },
    async (req) => presentAccount(await service.updateAccount(req.actor, req.params.id, req.body)),
  );

  app.get(
    "/api/b2b/v1/admin/accounts/:id/sign-ins",
    {
      config: admin,
      schema: { tags: ["admin"], summary: "An account's sign-in history (latest 100)", params: IdParam, response: { 200: z.array(SignInEvent), ...errors } },
    },
    async (req) => (await repo.signIns(req.params.id, 100)).map((s) => ({ at: s.at.toISOString(), ip_address: s.ip, user_agent: s.ua })),
  );

  app.get(
    "/api/b2b/v1/admin/budgets",
    {
      config: admin,
      schema: {
        tags: ["admin"],
        summary: "Each company's budgets with allocation and spend",
        querystring: AdminBudgetsQuery,
        response: { 200: Paginated(AdminBudget), ...errors },
      },
    },
    async (req) =>
      presentPage(
        req,
        (p) => repo.budgets(req.query.company, p.limit, p.offset),
        (row) => presentAdminBudget(row),
      ),
  );

  app.post(
    "/api/b2b/v1/admin/budgets/:id/adjust",
    {
      config: admin,
      schema: {
        tags: ["admin"],
        summary: "Adjust a company's budget, with a reason (audited)",
        params: IdParam,
        body: AdjustBudgetRequest,
        response: { 200: z.object({ id: z.number().int(), amount_minor: z.number().int() }), ...errors },
      },
    },
    async (req) => {
      const row = await service.adjustBudget(req.actor.accountId, req.params.id, req.body.amount_minor, req.body.reason);
      return { id: row.id, amount_minor: Number(row.amountMinor) };
    },
  );

  app.get(
    "/api/b2b/v1/admin/audit",
    {
      config: admin,
      schema: {
        tags: ["admin"],
        summary: "The platform operators' audit log",
        querystring: AdminAuditQuery,
        response: { 200: Paginated(AdminAuditEntry), ...errors },
      },
    },
    async (req) => {
      const p = pageParams(req.query, req.query.page_size);
      const { rows, count } = await repo.auditLog({ entity: req.query.entity, entityId: req.query.entity_id, companyId: req.query.company }, p.limit, p.offset);
      const entries = rows.map(auditSnapshots);
      // Snapshots keep company ids; the page names them (one query for the page, not every company).
      const names = await repo.companyNames([...new Set(entries.flatMap(auditCompanyIds))]);
      return toPage(
        req,
        p,
        count,
        entries.map((entry) => presentAdminAuditEntry(entry, names)),
      );
    },
  );
};
