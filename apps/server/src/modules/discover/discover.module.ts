import type { Module, ModuleContext } from "../module.ts";
import type { ContentService } from "../library/index.ts";
import type { CollectionsService } from "../network/index.ts";
import { catalogLearning } from "./catalog-learning.ts";
import { createCatalogLearningRepo } from "./catalog-learning.repo.ts";
import { createCopilotEngine } from "./copilot/engine.ts";
import { createLlm } from "./copilot/llm.ts";
import { createSemantic } from "./copilot/semantic.ts";
import { createEmbedder } from "./embeddings.client.ts";
import { defineEmbeddingJobs } from "./embeddings.job.ts";
import { createEmbeddingsRepo } from "./embeddings.repo.ts";
import { createCopilotRepo } from "./copilot.repo.ts";
import { copilotRoutes } from "./copilot.routes.ts";
import { createCopilotService } from "./copilot.service.ts";
import { createDiscoverRepo } from "./discover.repo.ts";
import { discoverRoutes } from "./discover.routes.ts";

/** Search across the company's content and the copilot that recommends from it. */
export function discoverModule(ctx: ModuleContext, deps: { collections: CollectionsService; library: ContentService }) {
  const { config } = ctx;
  const repo = createDiscoverRepo(ctx.database.db);
  const copilotRepo = createCopilotRepo(ctx.database.db);
  // What the copilot learns from the catalog, recomputed as it changes.
  const learning = catalogLearning({ db: ctx.database.db, jobs: ctx.jobs, repo: createCatalogLearningRepo(ctx.database.db) });
  const llm =
    config.LLM_BASE_URL && config.LLM_MODEL && config.LLM_API_KEY
      ? createLlm({ baseUrl: config.LLM_BASE_URL, model: config.LLM_MODEL, apiKey: config.LLM_API_KEY, timeoutMs: config.LLM_TIMEOUT_MS })
      : null;
  // Semantic retrieval when an embeddings model is configured (both settings, checked in config.ts).
  const embedder =
    config.EMBEDDINGS_BASE_URL && config.EMBEDDINGS_MODEL
      ? createEmbedder({ baseUrl: config.EMBEDDINGS_BASE_URL, model: config.EMBEDDINGS_MODEL, apiKey: config.EMBEDDINGS_API_KEY })
      : null;
  const embeddingsRepo = createEmbeddingsRepo(ctx.database.db);
  const embedding = embedder ? defineEmbeddingJobs({ jobs: ctx.jobs, repo: embeddingsRepo, embedder }) : null;
  const semantic = embedder
    ? createSemantic({
        repo: embeddingsRepo,
        embedder,
        minSimilarity: config.EMBEDDINGS_MIN_COSINE,
        warn: (err, message) => ctx.log.warn({ err }, message),
      })
    : null;
  const copilot = createCopilotService({
    db: ctx.database.db,
    repo: copilotRepo,
    discover: repo,
    engine: createCopilotEngine(repo, { semantic }),
    collections: deps.collections,
    library: deps.library,
    llm,
    warn: (err, message) => ctx.log.warn({ err }, message),
  });
  for (const { name, handler } of [...learning.subscriptions, ...(embedding?.subscriptions ?? [])]) ctx.events.on(name, handler);
  return {
    name: "discover",
    learning,
    plugin: async (app) => {
      await app.register(discoverRoutes, { repo, collections: deps.collections });
      await app.register(copilotRoutes, { repo: copilotRepo, service: copilot });
    },
  } satisfies Module & Record<string, unknown>;
}
