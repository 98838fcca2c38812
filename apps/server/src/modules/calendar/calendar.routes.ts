import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CalendarFeed, CalendarFeedParams, ErrorBody } from "@learnward/contracts";
import { notFound } from "../../lib/errors.ts";
import type { CalendarService } from "./calendar.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The private calendar feed: its URL in settings, a new one on demand, and the feed itself. */
export const calendarRoutes: FastifyPluginAsyncZod<{ service: CalendarService }> = async (app, { service }) => {
  app.get(
    "/api/me/calendar",
    {
      config: { access: "signed-in" },
      schema: { tags: ["calendar"], summary: "My private calendar feed's URL (made on first ask)", response: { 200: CalendarFeed, ...errors } },
    },
    async (req) => service.feedOf(req.actor),
  );

  app.post(
    "/api/me/calendar/rotate",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["calendar"],
        summary: "Replace my calendar feed's URL; the old one stops working",
        response: { 200: CalendarFeed, ...errors },
      },
    },
    async (req) => service.rotate(req.actor),
  );

  // No session: calendar apps fetch this on their own; the secret in the path is the credential.
  app.get(
    "/api/calendar/:secret.ics",
    {
      config: { access: "public" },
      schema: {
        tags: ["calendar"],
        summary: "A person's plan deadlines as an iCalendar feed (RFC 5545): all-day events with a reminder",
        params: CalendarFeedParams,
        response: { 200: z.string().describe("text/calendar"), 404: ErrorBody },
      },
    },
    async (req, reply) => {
      const ics = await service.ics(req.params.secret);
      // An unknown secret and a deactivated person's answer alike: a 404 tells nothing about who it was.
      if (ics === null) throw notFound("Calendar");
      return reply.type("text/calendar; charset=utf-8").header("cache-control", "private, no-store").send(ics);
    },
  );
};
