import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ErrorBody,
  IdParam,
  PathSkillLevel,
  PersonSkillLevels,
  RateSkillRequest,
  SetPathSkillLevelRequest,
  TeamSkillLevelsPage,
  TeamSkillLevelsQuery,
} from "@learnward/contracts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import { skillsPolicy } from "./skills.policy.ts";
import type { SkillsService } from "./skills.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Skill levels: a person's levels and history, ratings, a team's levels (the skills matrix), the level a path proves. */
export const skillsRoutes: FastifyPluginAsyncZod<{ service: SkillsService }> = async (app, { service }) => {
  const access = { access: skillsPolicy.callers };

  app.get(
    "/api/b2b/v1/employees/:id/skill-levels",
    {
      config: access,
      schema: {
        tags: ["skills"],
        summary: "A person's level in each skill they have a rating in, its source, the self rating beside it and the history",
        params: IdParam,
        response: { 200: PersonSkillLevels, ...errors },
      },
    },
    async (req) => service.personLevels(req.actor, req.companyId, req.params.id),
  );

  app.post(
    "/api/b2b/v1/employees/:id/skill-ratings",
    {
      config: access,
      schema: {
        tags: ["skills"],
        summary: "Rate a person's level in a skill: oneself (self), or as their team leader or hr (manager); answers their levels",
        params: IdParam,
        body: RateSkillRequest,
        response: { 201: PersonSkillLevels, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await service.rate(req.actor, req.companyId, req.params.id, req.body)),
  );

  app.get(
    "/api/b2b/v1/teams/:id/skill-levels",
    {
      config: access,
      schema: {
        tags: ["skills"],
        summary: "A page of a team's active members (by name, the pages of its progress) with their skill levels",
        params: IdParam,
        querystring: TeamSkillLevelsQuery,
        response: { 200: TeamSkillLevelsPage, ...errors },
      },
    },
    async (req) => {
      const p = pageParams(req.query, req.query.page_size);
      const { count, results } = await service.teamLevels(req.actor, req.companyId, req.params.id, p.limit, p.offset);
      return toPage(req, p, count, results);
    },
  );

  app.get(
    "/api/b2b/v1/collections/:id/skill-level",
    {
      config: access,
      schema: {
        tags: ["skills"],
        summary: "The level a published learning path proves in each of its skills when completed (null: none)",
        params: IdParam,
        response: { 200: PathSkillLevel, ...errors },
      },
    },
    async (req) => service.pathLevel(req.actor, req.companyId, req.params.id),
  );

  app.put(
    "/api/b2b/v1/collections/:id/skill-level",
    {
      config: access,
      schema: {
        tags: ["skills"],
        summary: "Set the level a published learning path proves in each of its skills (the L&D leader; null removes it)",
        params: IdParam,
        body: SetPathSkillLevelRequest,
        response: { 200: PathSkillLevel, ...errors },
      },
    },
    async (req) => service.setPathLevel(req.actor, req.companyId, req.params.id, req.body.level),
  );
};
