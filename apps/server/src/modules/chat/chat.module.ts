import { createSafeFetch } from "../../lib/safe-fetch.ts";
import type { Module, ModuleContext } from "../module.ts";
import { createChatRepo } from "./chat.repo.ts";
import { chatRoutes } from "./chat.routes.ts";
import { createChatService } from "./chat.service.ts";

/** Chat: a company's Slack and Microsoft Teams channels hear of company-level events. */
export function chatModule(ctx: ModuleContext) {
  const repo = createChatRepo(ctx.database.db);
  const service = createChatService({
    repo,
    jobs: ctx.jobs,
    // A test server on loopback (CHAT_HOOKS_ALLOW_PRIVATE, never in production) is let through; otherwise the app's public-only fetch.
    fetch: ctx.config.CHAT_HOOKS_ALLOW_PRIVATE ? createSafeFetch({ allowAddress: () => true }) : ctx.fetch,
    publicUrl: ctx.config.publicUrl,
    allowHttp: ctx.config.CHAT_HOOKS_ALLOW_PRIVATE,
    onError: (err) => ctx.log.error({ err }, "queueing a chat post failed"),
  });
  const { published, reminded, requestFiled } = service.handlers;
  ctx.events.on("collection.published", published);
  ctx.events.on("compliance.reminded", reminded);
  for (const filed of ["purchase_request.created", "invite_request.created", "publish_request.created", "removal_request.created"] as const)
    ctx.events.on(filed, requestFiled);
  return {
    name: "chat",
    repo,
    service,
    plugin: async (app) => {
      await app.register(chatRoutes, { service, repo });
    },
  } satisfies Module & Record<string, unknown>;
}
