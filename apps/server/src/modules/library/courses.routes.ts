import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ContentItem, CourseRef, CreateCourseRequest, ErrorBody, UpdateCourseRequest } from "@learnward/contracts";
import { COMPANY_ROLES } from "../../lib/actor.ts";
import { presentContent } from "./library.present.ts";
import type { ContentService } from "./content.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const access = { access: COMPANY_ROLES };
const status = (completed: boolean): "finalized" | "running" => (completed ? "finalized" : "running");

/**
 * spec §4 Course status: wishlist ↔ running ↔ finalized. Each call is one statement on the
 * person's single row for the item, so a move can't leave it in two states or in none
 * (creating a course entry moves a wishlist item in the same step).
 */
export const coursesRoutes: FastifyPluginAsyncZod<{ service: ContentService }> = async (app, { service }) => {
  app.post(
    "/api/user/wishlist",
    {
      config: access,
      schema: { tags: ["library"], summary: "Put an item on my wishlist", body: CourseRef, response: { 201: ContentItem, ...errors } },
    },
    async (req, reply) => {
      const row = await service.moveCourse(req.actor, req.body.id_course, [null, "running", "finalized"], "wishlist", { create: true });
      return reply.status(201).send(presentContent(row));
    },
  );

  app.delete(
    "/api/user/wishlist",
    {
      config: access,
      schema: { tags: ["library"], summary: "Take an item off my wishlist", querystring: CourseRef, response: { 200: ContentItem, ...errors } },
    },
    async (req) => presentContent(await service.moveCourse(req.actor, req.query.id_course, ["wishlist"], null)),
  );

  app.post(
    "/api/user/courses",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Start (completed false) or finish (completed true) a course",
        body: CreateCourseRequest,
        response: { 201: ContentItem, ...errors },
      },
    },
    async (req, reply) => {
      const row = await service.moveCourse(req.actor, req.body.id_course, [null, "wishlist", "running", "finalized"], status(req.body.completed), {
        create: true,
      });
      return reply.status(201).send(presentContent(row));
    },
  );

  app.patch(
    "/api/user/courses",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Move a course between running and finalized",
        querystring: CourseRef,
        body: UpdateCourseRequest,
        response: { 200: ContentItem, ...errors },
      },
    },
    async (req) => presentContent(await service.moveCourse(req.actor, req.query.id_course, ["running", "finalized"], status(req.body.completed))),
  );

  app.delete(
    "/api/user/courses",
    {
      config: access,
      schema: { tags: ["library"], summary: "Remove a course entry", querystring: CourseRef, response: { 200: ContentItem, ...errors } },
    },
    async (req) => presentContent(await service.moveCourse(req.actor, req.query.id_course, ["running", "finalized"], null)),
  );
};
