import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorBody, HomeResponse } from "@learnward/contracts";
import { homePolicy } from "./home.policy.ts";
import type { HomeService } from "./home.service.ts";

/** GET /api/b2b/v1/home: the learner home's sections in one answer (its first data, one request). */
export const homeRoutes: FastifyPluginAsyncZod<{ service: HomeService }> = async (app, { service }) => {
  app.get(
    "/api/b2b/v1/home",
    {
      config: { access: homePolicy.readers },
      schema: {
        tags: ["home"],
        summary: "What needs me: my open plans, those due soon, and what I am in the middle of",
        response: { 200: HomeResponse, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (req) => service.of(req.actor.accountId),
  );
};
