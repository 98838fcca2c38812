import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorBody, NotificationSettings, UpdateNotificationSettingsRequest } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import type { MailChoicesRepo } from "./mail-choices.repo.ts";

const errors = { 400: ErrorBody, 401: ErrorBody };

/** A person's own mail choice per kind (immediately, daily or weekly digest, off); nobody else's. */
export const notificationSettingsRoutes: FastifyPluginAsyncZod<{ db: Db; repo: MailChoicesRepo }> = async (app, { db, repo }) => {
  app.get(
    "/api/me/notification-settings",
    {
      config: { access: "signed-in" },
      schema: { tags: ["notifications"], summary: "My mail choice for every kind of notification", response: { 200: NotificationSettings, ...errors } },
    },
    async (req) => repo.settings(req.actor.accountId),
  );

  app.put(
    "/api/me/notification-settings",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["notifications"],
        summary: "Change my mail choice for some kinds of notification",
        body: UpdateNotificationSettingsRequest,
        response: { 200: NotificationSettings, ...errors },
      },
    },
    async (req) => {
      await db.transaction((tx) => repo.choose(tx, req.actor.accountId, req.body));
      return repo.settings(req.actor.accountId);
    },
  );
};
