import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AcceptInvitationRequest,
  CreateInvitationRequest,
  ErrorBody,
  IdParam,
  Invitation,
  InvitationsQuery,
  InvitationTokenParam,
  Paginated,
  PendingInvitation,
} from "@learnward/contracts";
import type { Clock } from "../../lib/clock.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import { invitationScope } from "./people.policy.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { type Auth, asInvitee, type IdentityService } from "../identity/index.ts";
import type { PeopleService } from "./people.service.ts";
import type { RequestsRepo } from "./requests.repo.ts";
import { invitationStatus, presentInvitation, presentOpenInvitation } from "./people.present.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const managers = { access: ["hr", "admin"] as const };

/** Invitations: hr sends them; the link's token is the invitee's only credential (single use, 7 days). */
export const invitationsRoutes: FastifyPluginAsyncZod<{
  requests: RequestsRepo;
  service: PeopleService;
  auth: Auth;
  identity: IdentityService;
  clock: Clock;
}> = async (app, { requests, service, auth, identity, clock }) => {
  app.post(
    "/api/b2b/v1/invitations",
    {
      config: { access: ["hr"] },
      schema: {
        tags: ["people"],
        summary: "Invite someone by email (the mail is queued at once)",
        body: CreateInvitationRequest,
        response: { 201: z.object({ id: z.number().int() }), ...errors },
      },
    },
    async (req, reply) => reply.status(201).send({ id: await service.invite(req.actor, req.body) }),
  );

  app.get(
    "/api/b2b/v1/invitations",
    {
      config: managers,
      schema: {
        tags: ["people"],
        summary: "Open invitations (not accepted, revoked or, unless asked, expired), newest first",
        querystring: InvitationsQuery,
        response: { 200: Paginated(PendingInvitation), ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const p = pageParams(req.query, req.query.page_size);
      const { rows, count } = await service.openInvitations(
        { ...invitationScope(actor, req.query.company), search: req.query.search, includeExpired: req.query.include_expired === true },
        p.limit,
        p.offset,
      );
      const now = clock.now();
      return toPage(
        req,
        p,
        count,
        rows.map((f) => presentOpenInvitation(f, now)),
      );
    },
  );

  app.post(
    "/api/b2b/v1/invitations/:id/resend",
    {
      config: managers,
      schema: {
        tags: ["people"],
        summary: "Mail a fresh link in place of this invitation's (the old link stops working); answers the new invitation",
        params: IdParam,
        body: z.object({}).strict(),
        response: { 200: PendingInvitation, ...errors },
      },
    },
    async (req) => {
      const id = await service.resendInvitation(req.actor, req.params.id);
      return presentOpenInvitation((await requests.invitationById(id))!, clock.now());
    },
  );

  app.post(
    "/api/b2b/v1/invitations/:id/revoke",
    {
      config: managers,
      schema: {
        tags: ["people"],
        summary: "Void an invitation's link (idempotent)",
        params: IdParam,
        body: z.object({}).strict(),
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await service.revokeInvitation(req.actor, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/b2b/v1/invitations/:token",
    {
      config: { access: "public" },
      schema: { tags: ["people"], summary: "Look up an invitation by its link", params: InvitationTokenParam, response: { 200: Invitation, ...errors } },
    },
    async (req) => {
      const found = await requests.invitationByToken(req.params.token);
      if (!found) throw notFound("Invitation");
      return presentInvitation(found, clock.now());
    },
  );

  app.post(
    "/api/b2b/v1/invitations/:token/accept",
    {
      config: { access: "public" },
      schema: {
        tags: ["people"],
        summary: "Accept an invitation: create the account in the invited team and role",
        params: InvitationTokenParam,
        body: AcceptInvitationRequest,
        response: { 201: Invitation, ...errors },
      },
    },
    async (req, reply) => {
      const found = await requests.invitationByToken(req.params.token);
      if (!found) throw notFound("Invitation");
      const status = invitationStatus(found, clock.now());
      if (status === "expired") {
        // Who can send a fresh link: the company's hr, and by name the person who sent this one.
        throw new AppError("invitation_expired", 400, "This invitation has expired: ask your company's hr for a new one", {
          company: found.companyName,
          invited_by: found.inviterName,
        });
      }
      if (status !== "pending" || found.companyStatus !== "active") {
        throw new AppError("invalid_token", 400, "This invitation has been used, revoked or has expired");
      }
      if (await requests.emailRegistered(found.inv.email)) throw new AppError("email_in_use", 409, "Email already in use");
      await requests.revokeOtherInvitations(found.inv.email, found.inv.id);
      await identity.yieldUnproven(found.inv.email);
      // better-auth creates the user; holding the token is what lets its hook give the invitation's
      // company, role and team, and count the address as proven (the link reached it).
      await asInvitee(found.inv.id, () => auth.api.signUpEmail({ body: { email: found.inv.email, password: req.body.password, name: req.body.name } }));
      const after = (await requests.invitationByToken(req.params.token))!;
      if (!after.inv.acceptedAt) throw new AppError("invalid_token", 400, "This invitation has been used, revoked or has expired");
      return reply.status(201).send(presentInvitation(after, clock.now()));
    },
  );
};
