import type { Module, ModuleContext } from "../module.ts";
import { createNotificationsRepo } from "./notifications.repo.ts";
import { createNotifier } from "./notifications.service.ts";

/**
 * Notifications (issue 25): what a person is told, in the bell and by mail. Other modules tell
 * people through `notifier.notify` inside their own transactions (usually from a domain event).
 */
export function notificationsModule(ctx: ModuleContext) {
  const repo = createNotificationsRepo(ctx.database.db);
  const notifier = createNotifier({ db: ctx.database.db, repo, jobs: ctx.jobs, mailer: ctx.mailer, publicUrl: ctx.config.publicUrl });
  return {
    name: "notifications",
    repo,
    notifier,
    plugin: async () => {},
  } satisfies Module & Record<string, unknown>;
}
