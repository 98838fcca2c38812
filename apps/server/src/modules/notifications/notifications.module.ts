import type { Module, ModuleContext } from "../module.ts";
import { defineDigests } from "./digest.ts";
import { createMailChoicesRepo } from "./mail-choices.repo.ts";
import { type NotificationsDeps, subscribeNotifications } from "./notifications.events.ts";
import { createNotificationsRepo } from "./notifications.repo.ts";
import { notificationsRoutes } from "./notifications.routes.ts";
import { createNotifier } from "./notifications.service.ts";
import { notificationSettingsRoutes } from "./notifications.settings.ts";
import { unsubscribeRoutes } from "./unsubscribe.ts";
import { createUnsubscribeTokens } from "./unsubscribe.token.ts";

/**
 * Notifications: what a person is told, in the bell and by mail. Other modules tell
 * people through `notify` inside their own transactions; the domain events that tell someone are
 * subscribed here (notifications.events.ts), with the owning modules' rules passed in `deps`.
 */
export function notificationsModule(ctx: ModuleContext, deps: NotificationsDeps & { secret: string }) {
  const db = ctx.database.db;
  const repo = createNotificationsRepo(db);
  const tokens = createUnsubscribeTokens(deps.secret);
  const notifier = createNotifier({ db, repo, jobs: ctx.jobs, mailer: ctx.mailer, publicUrl: ctx.config.publicUrl, tokens });
  const choices = createMailChoicesRepo(db);
  const digests = defineDigests({ db, repo: choices, jobs: ctx.jobs, mailer: ctx.mailer, tokens, publicUrl: ctx.config.publicUrl });
  for (const { name, handler } of subscribeNotifications({ db, jobs: ctx.jobs, notifier, deps })) ctx.events.on(name, handler);
  return {
    name: "notifications",
    repo,
    notifier,
    digests,
    plugin: async (app) => {
      await app.register(notificationsRoutes, { repo });
      await app.register(notificationSettingsRoutes, { db, repo: choices });
      await app.register(unsubscribeRoutes, { db, repo: choices, tokens });
    },
  } satisfies Module & Record<string, unknown>;
}
