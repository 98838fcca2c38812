import type { Module, ModuleContext } from "../module.ts";
import { systemRoutes } from "./system.routes.ts";

/** Health, readiness and the development outbox (never in production). */
export function systemModule(ctx: ModuleContext): Module {
  return {
    name: "system",
    plugin: async (app) => {
      await app.register(systemRoutes, { database: ctx.database, exposeOutbox: ctx.config.NODE_ENV !== "production" });
    },
  };
}
