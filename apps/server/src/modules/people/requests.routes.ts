import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CreateInviteRequest,
  CreateRemovalRequest,
  DecideRequest,
  ErrorBody,
  IdParam,
  InviteRequest,
  Paginated,
  RemovalRequest,
  RequestsQuery,
} from "@learnward/contracts";
import { type Actor, authorize } from "../../lib/actor.ts";
import { notFound } from "../../lib/errors.ts";
import { presentPage } from "../../lib/pagination.ts";
import { peoplePolicy } from "./people.policy.ts";
import type { PeopleService } from "./people.service.ts";
import type { RequestsRepo } from "./requests.repo.ts";
import { presentInvite, presentRemoval } from "./people.present.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const viewers = { access: ["hr", "teamleader"] as const };

function scope(
  actor: Actor,
  companyId: number,
  q: { status: "all" | "pending" | "accepted" | "rejected"; sort: "asc" | "desc" },
  p: { limit: number; offset: number },
) {
  return {
    companyId,
    ...peoplePolicy.requestScope(actor),
    status: q.status === "all" ? undefined : q.status,
    sort: q.sort,
    ...p,
  };
}

/** Invite and removal requests (tab 3 of /peopleManagement): team leaders ask, hr decides. */
export const requestsRoutes: FastifyPluginAsyncZod<{ requests: RequestsRepo; service: PeopleService }> = async (app, { requests, service }) => {
  for (const kind of ["invite", "removal"] as const) {
    const base = `/api/b2b/v1/${kind}-requests`;
    const Item = kind === "invite" ? InviteRequest : RemovalRequest;
    const load = async (actor: Actor, companyId: number, id: number) => {
      const row = kind === "invite" ? await requests.invite(companyId, id) : await requests.removal(companyId, id);
      if (!row) throw notFound("Request");
      authorize(actor, peoplePolicy.readRequest, row.r, "not_found");
      return row;
    };
    const present = (row: Awaited<ReturnType<typeof load>>) => (kind === "invite" ? presentInvite(row as never) : presentRemoval(row as never));

    app.get(
      base,
      {
        config: viewers,
        schema: { tags: ["people"], summary: `${kind} requests I may see`, querystring: RequestsQuery, response: { 200: Paginated(Item), ...errors } },
      },
      async (req) =>
        presentPage(
          req,
          async (p) => {
            const s = scope(req.actor, req.companyId, req.query, p);
            return kind === "invite" ? await requests.listInvites(s) : await requests.listRemovals(s);
          },
          (r) => present(r as never),
        ),
    );

    app.get(
      `${base}/:id`,
      { config: viewers, schema: { tags: ["people"], summary: `One ${kind} request`, params: IdParam, response: { 200: Item, ...errors } } },
      async (req) => present(await load(req.actor, req.companyId, req.params.id)),
    );

    for (const verb of ["accept", "reject"] as const) {
      app.post(
        `${base}/:id/${verb}`,
        {
          config: { access: ["hr"] },
          schema: {
            tags: ["people"],
            summary: `${verb} a ${kind} request (idempotent)`,
            params: IdParam,
            body: DecideRequest,
            response: { 200: Item, ...errors },
          },
        },
        async (req) => {
          const { actor } = req;
          // The service answers not found for a request of another company (hr decides only its own).
          const accept = verb === "accept";
          const row =
            kind === "invite"
              ? await service.decideInvite(actor, req.params.id, accept, req.body.reason)
              : await service.decideRemoval(actor, req.params.id, accept, req.body.reason);
          return present(row as never);
        },
      );
    }
  }

  app.post(
    "/api/b2b/v1/invite-requests",
    {
      config: { access: ["teamleader"] },
      schema: { tags: ["people"], summary: "Ask hr to invite someone to my team", body: CreateInviteRequest, response: { 201: InviteRequest, ...errors } },
    },
    async (req, reply) => {
      const { actor } = req;
      return reply.status(201).send(presentInvite(await service.requestInvite(actor, req.body)));
    },
  );

  app.post(
    "/api/b2b/v1/removal-requests",
    {
      config: { access: ["teamleader"] },
      schema: { tags: ["people"], summary: "Ask hr to remove a member of my team", body: CreateRemovalRequest, response: { 201: RemovalRequest, ...errors } },
    },
    async (req, reply) => {
      const { actor } = req;
      return reply.status(201).send(presentRemoval(await service.requestRemoval(actor, req.body)));
    },
  );
};
