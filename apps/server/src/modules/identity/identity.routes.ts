import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  Account,
  AccountsQuery,
  Company,
  type Deployment,
  DomainParam,
  ErrorBody,
  Me,
  Paginated,
  SessionResponse,
  UpdateProfileRequest,
  UserProfile,
  UserProfileQuery,
} from "@learnward/contracts";
import { type Actor, authorize } from "../../lib/actor.ts";
import { notFound } from "../../lib/errors.ts";
import { toPage } from "../../lib/pagination.ts";
import { identityPolicy } from "./identity.policy.ts";
import { presentAccount, presentCompany, presentMe, presentProfile } from "./identity.present.ts";
import type { IdentityService } from "./identity.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const identityRoutes: FastifyPluginAsyncZod<{ service: IdentityService; deployment: Deployment }> = async (app, { service, deployment }) => {
  /** The session check read the account and its company in this very request when it could: no second read. */
  async function loadMe(actor: Actor, req: FastifyRequest) {
    const found = req.sessionAccount?.account.uid === actor.uid ? req.sessionAccount : await service.me(actor.uid);
    return found && presentMe(actor, found, deployment);
  }

  app.get(
    "/api/me",
    {
      config: { access: "signed-in", beforeTwoFactor: true },
      schema: { tags: ["identity"], summary: "The signed-in user, account and company", response: { 200: Me, ...errors } },
    },
    async (req) => {
      const me = await loadMe(req.actor, req);
      if (!me) throw notFound("Account");
      return me;
    },
  );

  // The app asks this on every first load. Signed out is an answer here, not a 401: a browser
  // reports every failed request as an error in its console.
  app.get(
    "/api/session",
    {
      config: { access: "public" },
      schema: {
        tags: ["identity"],
        summary: "Who is signed in: the same answer as /api/me, or me: null when nobody is",
        response: { 200: SessionResponse, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      // An inactive account or a suspended company still answers 401 with its code (spec §4).
      const actor = await app.resolveActor(req);
      if (!actor) return { me: null };
      const me = await loadMe(actor, req);
      if (!me) throw notFound("Account");
      return { me };
    },
  );

  // spec §7: results[0] is the account.
  app.get(
    "/api/b2b/v1/accounts",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["identity"],
        summary: "Find an account by uid (own company only)",
        querystring: AccountsQuery,
        response: { 200: Paginated(Account), ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const row = await service.account(req.query.uid);
      const visible = row && identityPolicy.readAccount(actor, row) ? [presentAccount(row)] : [];
      return toPage(req, { page: 1, pageSize: 1, limit: 1, offset: 0 }, visible.length, visible);
    },
  );

  app.get(
    "/api/b2b/v1/profile/:domain",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["identity"],
        summary: "A company by its email domain (own company only)",
        params: DomainParam,
        response: { 200: Company, ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const company = await service.companyByDomain(req.params.domain);
      if (!company) throw notFound("Company");
      authorize(actor, identityPolicy.readCompany, company, "not_found");
      return presentCompany(company);
    },
  );

  app.get(
    "/api/user/profile",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["identity"],
        summary: "A user's public profile (own company only)",
        querystring: UserProfileQuery,
        response: { 200: UserProfile, ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const row = await service.account(req.query.uid);
      if (!row) throw notFound("User");
      authorize(actor, identityPolicy.readAccount, row, "not_found");
      return presentProfile(row);
    },
  );

  app.patch(
    "/api/user/profile",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["identity"],
        summary: "Update my name, photo and language",
        body: UpdateProfileRequest,
        response: { 200: UserProfile, ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const row = await service.updateProfile(actor.uid, {
        name: req.body.displayName,
        image: req.body.photoURL,
        locale: req.body.locale,
      });
      if (!row) throw notFound("User");
      return presentProfile(row);
    },
  );
};
