import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CreatePurchaseRequest, ErrorBody, IdParam, Paginated, PayPurchaseRequest, PurchaseRequest, PurchaseRequestsQuery, RejectPurchaseRequest } from "@learnward/contracts";
import { type Actor, authorize, COMPANY_ROLES, requireCompany } from "../../lib/actor.ts";
import { toCsv } from "../../lib/csv.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import type { IdentityRepo } from "../identity/identity.repo.ts";
import { budgetingPolicy } from "./budgeting.policy.ts";
import type { BudgetingRepo } from "./budgeting.repo.ts";
import { todayIso } from "./budgets.routes.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
type Row = NonNullable<Awaited<ReturnType<BudgetingRepo["request"]>>>;

function present(actor: Actor, x: Row) {
  const r = x.r;
  return {
    id: r.id,
    title: r.title,
    link: r.link,
    price_minor: Number(r.priceMinor),
    currency: r.currency,
    reason: r.reason,
    status: r.status,
    team: r.teamId !== null && x.teamName !== null ? { id: r.teamId, name: x.teamName } : null,
    requested_by: { id: r.requestedBy, display_name: x.askerName },
    decided_by: r.decidedBy !== null && x.deciderName !== null ? { id: r.decidedBy, display_name: x.deciderName } : null,
    decided_at: r.decidedAt?.toISOString() ?? null,
    rejection_reason: r.rejectionReason,
    paid_at: r.paidAt,
    payment_reference: r.paymentReference,
    budget_id: x.budgetId ?? null,
    created_at: r.createdAt.toISOString(),
    // The web app gates its buttons with these (STYLE.md).
    abilities: {
      approve: r.status === "pending" && budgetingPolicy.decide(actor, r),
      reject: r.status === "pending" && budgetingPolicy.decide(actor, r),
      pay: budgetingPolicy.pay(actor, r),
      cancel: budgetingPolicy.cancel(actor, r),
    },
  };
}

/** "period" filters: requests made in the current year or month. */
const since = (period: "year" | "month" | undefined) => {
  if (!period) return undefined;
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), period === "year" ? 0 : now.getUTCMonth(), 1));
};

/** Purchase requests: members ask; team leaders decide their team's within its budget; the L&D leader any. */
export const purchaseRoutes: FastifyPluginAsyncZod<{ repo: BudgetingRepo; identity: IdentityRepo }> = async (app, { repo, identity }) => {
  async function load(actor: Actor, id: number) {
    const row = await repo.request(requireCompany(actor), id);
    if (!row || !budgetingPolicy.read(actor, row.r)) throw notFound("Purchase request");
    return row;
  }
  async function listFor(actor: Actor, q: z.infer<typeof PurchaseRequestsQuery>, limit: number, offset: number) {
    const companyId = requireCompany(actor);
    const status = q.status === "all" ? undefined : q.status;
    if (q.scope === "mine") return repo.requests(companyId, { requestedBy: actor.accountId, teamId: q.team, status, since: since(q.period), sort: q.sort }, limit, offset);
    // The requests I may decide, as budgeting.policy defines them (insights counts the same).
    const decider = budgetingPolicy.decideScope(actor);
    if (!decider) throw new AppError("forbidden", 403, "Permission denied");
    return repo.requests(companyId, { decider, teamId: q.team, status, since: since(q.period), sort: q.sort }, limit, offset);
  }
  /** Refuses a decision the actor may not take; their own request has its own code (it goes to the L&D leader). */
  function authorizeDecision(actor: Actor, r: Row["r"]) {
    if (budgetingPolicy.ownRequest(actor, r)) throw new AppError("own_request", 403, "You can't decide your own request: the L&D leader decides it");
    authorize(actor, budgetingPolicy.decide, r);
  }

  app.get(
    "/api/b2b/v1/purchase-requests",
    { config: { access: COMPANY_ROLES }, schema: { tags: ["budgeting"], summary: "My purchase requests, or those I decide", querystring: PurchaseRequestsQuery, response: { 200: Paginated(PurchaseRequest), ...errors } } },
    async (req) => {
      const { actor } = req;
      const p = pageParams(req.query, req.query.page_size);
      const { rows, count } = await listFor(actor, req.query, p.limit, p.offset);
      return toPage(req, p, count, rows.map((r) => present(actor, r)));
    },
  );

  app.get(
    "/api/b2b/v1/purchase-requests/export.csv",
    {
      config: { access: ["ldleader"] },
      schema: { tags: ["budgeting"], summary: "Every request of the company as CSV for finance (same filters)", querystring: PurchaseRequestsQuery.omit({ page: true, page_size: true }), response: { 200: z.string(), ...errors } },
    },
    async (req, reply) => {
      const { actor } = req;
      // Finance needs every request of the company, the L&D leader's own too.
      const q = req.query;
      const { rows } = await repo.requests(requireCompany(actor), { teamId: q.team, status: q.status === "all" ? undefined : q.status, since: since(q.period), sort: q.sort }, 100_000, 0);
      const csv = toCsv(
        ["id", "created_at", "title", "link", "team", "requested_by", "price", "currency", "status", "decided_by", "decided_at", "paid_at", "payment_reference"],
        rows.map(({ r, teamName, askerName, deciderName }) => ({
          id: r.id,
          created_at: r.createdAt.toISOString(),
          title: r.title,
          link: r.link,
          team: teamName,
          requested_by: askerName,
          price: (Number(r.priceMinor) / 100).toFixed(2),
          currency: r.currency,
          status: r.status,
          decided_by: deciderName,
          decided_at: r.decidedAt?.toISOString(),
          paid_at: r.paidAt,
          payment_reference: r.paymentReference,
        })),
      );
      return reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="purchase-requests-${todayIso()}.csv"`).send(csv);
    },
  );

  app.post(
    "/api/b2b/v1/purchase-requests",
    { config: { access: COMPANY_ROLES }, schema: { tags: ["budgeting"], summary: "Ask for a course or content to be paid", body: CreatePurchaseRequest, response: { 201: PurchaseRequest, ...errors } } },
    async (req, reply) => {
      const { actor, companyId } = req;
      if (actor.teamId === null) throw new AppError("team_required", 400, "Join a team first: requests are paid from a team's budget");
      const company = (await identity.companyById(companyId))!;
      const b = req.body;
      const row = await repo.createRequest({ companyId, teamId: actor.teamId, requestedBy: actor.accountId, title: b.title, link: b.link ?? null, priceMinor: b.price_minor, currency: company.currency, reason: b.reason ?? null });
      return reply.status(201).send(present(actor, (await repo.request(companyId, row.id))!));
    },
  );

  app.get(
    "/api/b2b/v1/purchase-requests/:id",
    { config: { access: COMPANY_ROLES }, schema: { tags: ["budgeting"], summary: "A purchase request", params: IdParam, response: { 200: PurchaseRequest, ...errors } } },
    async (req) => {
      const { actor } = req;
      return present(actor, await load(actor, req.params.id));
    },
  );

  /** Runs a decision; repeating the decision already taken answers it again, anything else is a conflict. */
  const decision = (verb: "approve" | "reject" | "pay" | "cancel", body: z.ZodType, run: (actor: Actor, row: Row, body: never) => Promise<{ changed: boolean }>, done: string) =>
    app.post(
      `/api/b2b/v1/purchase-requests/:id/${verb}`,
      {
        config: { access: verb === "pay" ? ["ldleader"] : verb === "cancel" ? COMPANY_ROLES : ["ldleader", "teamleader"] },
        schema: { tags: ["budgeting"], summary: `${verb} a purchase request`, params: IdParam, body, response: { 200: PurchaseRequest, ...errors } },
      },
      async (req) => {
        const { actor } = req;
        const row = await load(actor, req.params.id);
        const { changed } = await run(actor, row, req.body as never);
        const after = (await repo.request(row.r.companyId, row.r.id))!;
        if (!changed && after.r.status !== done) throw conflict("request_already_decided", `This request is ${after.r.status}`, { status: after.r.status });
        return present(actor, after);
      },
    );

  decision("approve", z.object({}).strict(), async (actor, row) => {
    authorizeDecision(actor, row.r);
    return repo.approve(actor.accountId, row.r.companyId, row.r.id, todayIso());
  }, "approved");
  decision("reject", RejectPurchaseRequest, async (actor, row, body: { reason: string }) => {
    authorizeDecision(actor, row.r);
    return repo.transition(actor.accountId, row.r.companyId, row.r.id, ["pending"], "rejected", { decidedBy: actor.accountId, decidedAt: new Date(), rejectionReason: body.reason }, "reject");
  }, "rejected");
  decision("pay", PayPurchaseRequest, async (actor, row, body: { reference: string; paid_at?: string }) => {
    if (row.r.status === "approved") authorize(actor, budgetingPolicy.pay, row.r);
    return repo.transition(actor.accountId, row.r.companyId, row.r.id, ["approved"], "paid", { paidAt: body.paid_at ?? todayIso(), paymentReference: body.reference }, "pay");
  }, "paid");
  decision("cancel", z.object({}).strict(), async (actor, row) => {
    // Only the requester cancels; once paid (or decided against) it is a conflict, not a refusal.
    if (row.r.requestedBy !== actor.accountId) throw new AppError("forbidden", 403, "Permission denied");
    // Cancelling an approved request releases its reservation: only approved and paid ones count.
    return repo.transition(actor.accountId, row.r.companyId, row.r.id, ["pending", "approved"], "cancelled", {}, "cancel");
  }, "cancelled");
};
