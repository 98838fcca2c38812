import { keepsOutbox } from "../../config.ts";
import type { Module, ModuleContext } from "../module.ts";
import { createSystemRepo } from "./system.repo.ts";
import { systemRoutes } from "./system.routes.ts";
import { createSystemService } from "./system.service.ts";

/** Health, readiness and the development outbox (never in production). */
export function systemModule(ctx: ModuleContext): Module {
  return {
    name: "system",
    plugin: async (app) => {
      await app.register(systemRoutes, {
        database: ctx.database,
        service: createSystemService({ db: ctx.database.db, repo: createSystemRepo(ctx.database.db) }),
        exposeOutbox: keepsOutbox(ctx.config),
      });
    },
  };
}
