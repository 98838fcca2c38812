import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CreateOnboardingEntryRequest, ErrorBody, OnboardingEntry, OnboardingQuery, Paginated } from "@learnward/contracts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import { presentEntry } from "./onboarding.present.ts";
import type { OnboardingService } from "./onboarding.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody };

/** spec §7: onboarding entries of the signed-in account (each person sees only their own). */
export const onboardingRoutes: FastifyPluginAsyncZod<{ service: OnboardingService }> = async (app, { service }) => {
  app.get(
    "/api/b2b/v1/onboarding",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["onboarding"],
        summary: "My completed onboarding tasks",
        querystring: OnboardingQuery,
        response: { 200: Paginated(OnboardingEntry), ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const p = pageParams(req.query, req.query.page_size);
      const { rows, count } = await service.list(actor.accountId, p.limit, p.offset);
      return toPage(req, p, count, rows.map(presentEntry));
    },
  );

  app.post(
    "/api/b2b/v1/onboarding",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["onboarding"],
        summary: "Record an onboarding task as done",
        body: CreateOnboardingEntryRequest,
        response: { 201: OnboardingEntry, ...errors },
      },
    },
    async (req, reply) => {
      const { actor } = req;
      const row = await service.upsert(actor.accountId, req.body);
      return reply.status(201).send(presentEntry(row));
    },
  );
};
