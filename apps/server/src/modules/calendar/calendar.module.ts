import type { Module, ModuleContext } from "../module.ts";
import type { ComplianceService } from "../compliance/index.ts";
import type { PlansRepo } from "../network/index.ts";
import { createCalendarRepo } from "./calendar.repo.ts";
import { calendarRoutes } from "./calendar.routes.ts";
import { createCalendarService } from "./calendar.service.ts";

/** A person's private calendar feed of plan deadlines and required paths' due days, read by calendar apps without a session. */
export function calendarModule(ctx: ModuleContext, deps: { plans: PlansRepo; compliance: ComplianceService }) {
  const service = createCalendarService({
    db: ctx.database.db,
    repo: createCalendarRepo(ctx.database.db),
    plans: deps.plans,
    compliance: deps.compliance,
    publicUrl: ctx.config.publicUrl,
  });
  return {
    name: "calendar",
    plugin: async (app) => {
      await app.register(calendarRoutes, { service });
    },
  } satisfies Module & Record<string, unknown>;
}
