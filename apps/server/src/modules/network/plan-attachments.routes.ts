import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AttachToPlanRequest, ErrorBody, IdParam, ItemPlanSkills, PlanItemParams } from "@learnward/contracts";
import { COMPANY_ROLES } from "../../lib/actor.ts";
import type { PlanAttachmentsService } from "./plan-attachments.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * An item of my library counted towards a skill of one of my plans. Anyone of a company, on their own
 * items and the plans they hold only: another person's item or plan is not found.
 */
export const planAttachmentsRoutes: FastifyPluginAsyncZod<{ service: PlanAttachmentsService }> = async (app, { service }) => {
  app.get(
    "/api/contentuser/plan-skills",
    {
      config: { access: COMPANY_ROLES },
      schema: {
        tags: ["network"],
        summary: "The plans I hold that are not finished or declined, with their skills: where an item of my library may count",
        response: { 200: ItemPlanSkills.shape.options, ...errors },
      },
    },
    async (req) => service.options(req.actor),
  );

  app.get(
    "/api/contentuser/:id/plan-skills",
    {
      config: { access: COMPANY_ROLES },
      schema: {
        tags: ["network"],
        summary: "The skills of my plans this item of my library counts towards, and the open plans it could",
        params: IdParam,
        response: { 200: ItemPlanSkills, ...errors },
      },
    },
    async (req) => service.forItem(req.actor, req.params.id),
  );

  app.put(
    "/api/contentuser/:id/plan-skills",
    {
      config: { access: COMPANY_ROLES },
      schema: {
        tags: ["network"],
        summary: "Count this item of my library towards one skill of a plan I hold (not finished or declined): finishing it moves the plan",
        params: IdParam,
        body: AttachToPlanRequest,
        response: { 200: ItemPlanSkills, ...errors },
      },
    },
    async (req) => service.attach(req.actor, req.params.id, req.body),
  );

  app.delete(
    "/api/contentuser/:id/plan-skills/:planId",
    {
      config: { access: COMPANY_ROLES },
      schema: {
        tags: ["network"],
        summary: "Stop counting this item of my library towards a plan",
        params: PlanItemParams,
        response: { 200: ItemPlanSkills, ...errors },
      },
    },
    async (req) => service.detach(req.actor, req.params.id, req.params.planId),
  );
};
