import type { Module, ModuleContext } from "../module.ts";
import { type NotificationsDeps, subscribeNotifications } from "./notifications.events.ts";
import { createNotificationsRepo } from "./notifications.repo.ts";
import { notificationsRoutes } from "./notifications.routes.ts";
import { createNotifier } from "./notifications.service.ts";

/**
 * Notifications (issue 25): what a person is told, in the bell and by mail. Other modules tell
 * people through `notify` inside their own transactions; the domain events that tell someone are
 * subscribed here (notifications.events.ts), with the owning modules' rules passed in `deps`.
 */
export function notificationsModule(ctx: ModuleContext, deps: NotificationsDeps) {
  const repo = createNotificationsRepo(ctx.database.db);
  const notifier = createNotifier({ db: ctx.database.db, repo, jobs: ctx.jobs, mailer: ctx.mailer, publicUrl: ctx.config.publicUrl });
  subscribeNotifications({ db: ctx.database.db, jobs: ctx.jobs, notifier, deps });
  return {
    name: "notifications",
    repo,
    notifier,
    plugin: async (app) => {
      await app.register(notificationsRoutes, { repo });
    },
  } satisfies Module & Record<string, unknown>;
}
