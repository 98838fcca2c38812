import { off, on } from "../../lib/events.ts";
import type { Module, ModuleContext } from "../module.ts";
import type { CollectionsRepo } from "../network/collections.repo.ts";
import { catalogLearning } from "./catalog-learning.ts";
import { createCatalogLearningRepo } from "./catalog-learning.repo.ts";
import { createCopilotEngine } from "./copilot/engine.ts";
import { createLlm } from "./copilot/llm.ts";
import { createCopilotRepo } from "./copilot.repo.ts";
import { copilotRoutes } from "./copilot.routes.ts";
import { createCopilotService } from "./copilot.service.ts";
import { createDiscoverRepo } from "./discover.repo.ts";
import { discoverRoutes } from "./discover.routes.ts";

/** Search across the company's content and the copilot that recommends from it. */
export function discoverModule(ctx: ModuleContext, deps: { collections: CollectionsRepo }) {
  const { config } = ctx;
  const repo = createDiscoverRepo(ctx.database.db);
  const copilotRepo = createCopilotRepo(ctx.database.db);
  // What the copilot learns from the catalog, recomputed as it changes (issue 26).
  const learning = catalogLearning({ db: ctx.database.db, jobs: ctx.jobs, repo: createCatalogLearningRepo(ctx.database.db) });
  const llm =
    config.LLM_BASE_URL && config.LLM_MODEL && config.LLM_API_KEY
      ? createLlm({ baseUrl: config.LLM_BASE_URL, model: config.LLM_MODEL, apiKey: config.LLM_API_KEY, timeoutMs: config.LLM_TIMEOUT_MS })
      : null;
  const copilot = createCopilotService({
    repo: copilotRepo,
    discover: repo,
    engine: createCopilotEngine(repo),
    collections: deps.collections,
    llm,
    warn: (err, message) => ctx.log.warn({ err }, message),
  });
  return {
    name: "discover",
    learning,
    plugin: async (app) => {
      for (const { name, handler } of learning.subscriptions) on(name, handler);
      app.addHook("onClose", async () => {
        for (const { name, handler } of learning.subscriptions) off(name, handler);
      });
      await app.register(discoverRoutes, { repo, collections: deps.collections });
      await app.register(copilotRoutes, { repo: copilotRepo, service: copilot });
    },
  } satisfies Module & Record<string, unknown>;
}
