import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorBody, IdParam, Notification, NotificationPage, PageQuery, ReadAllNotificationsResponse } from "@learnward/contracts";
import { authorize } from "../../lib/actor.ts";
import { notFound } from "../../lib/errors.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import { notificationsPolicy } from "./notifications.policy.ts";
import type { NotificationsRepo } from "./notifications.repo.ts";
import { present } from "./notifications.present.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
// Everyone signed in has a bell, platform operators included (their notifications have no company).
const everyone = { access: "signed-in" } as const;
const PAGE_SIZE = 20;

/** The bell: my notifications, newest first; mark one or all read. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ repo: NotificationsRepo }> = async (app, { repo }) => {
  app.get(
    "/api/notifications",
    {
      config: everyone,
      schema: { tags: ["notifications"], summary: "My notifications, newest first", querystring: PageQuery, response: { 200: NotificationPage, ...errors } },
    },
    async (req) => {
      const p = pageParams(req.query, PAGE_SIZE);
      const { rows, count, unread } = await repo.list(notificationsPolicy.scope(req.actor), p.limit, p.offset);
      return { ...toPage(req, p, count, rows.map(present)), unread };
    },
  );

  app.post(
    "/api/notifications/:id/read",
    {
      config: everyone,
      schema: { tags: ["notifications"], summary: "Mark one of my notifications read", params: IdParam, response: { 200: Notification, ...errors } },
    },
    async (req) => {
      const row = await repo.find(req.params.id);
      if (!row) throw notFound("Notification");
      authorize(req.actor, notificationsPolicy.read, row, "not_found");
      return present(await repo.markRead(row.id));
    },
  );

  app.post(
    "/api/notifications/read-all",
    {
      config: everyone,
      schema: { tags: ["notifications"], summary: "Mark all my notifications read", response: { 200: ReadAllNotificationsResponse, ...errors } },
    },
    async (req) => ({ read: await repo.markAllRead(notificationsPolicy.scope(req.actor)) }),
  );
};
