// When EMBEDDINGS_BASE_URL (and EMBEDDINGS_MODEL) are set in the environment,
// `npm run bench:copilot` runs the open set hybrid: full text and the model's vectors, fused.
// Without them (as on the build machine, which has no model) the bench is the local engine alone.
import type { FastifyInstance } from "fastify";
import { loadConfig } from "../apps/server/src/config.ts";
import type { Database } from "../apps/server/src/db/client.ts";
import { createSemantic, type Semantic } from "../apps/server/src/modules/discover/copilot/semantic.ts";
import { createEmbedder } from "../apps/server/src/modules/discover/embeddings.client.ts";
import { createEmbeddingsRepo } from "../apps/server/src/modules/discover/embeddings.repo.ts";

const NAMES = ["EMBEDDINGS_BASE_URL", "EMBEDDINGS_MODEL", "EMBEDDINGS_API_KEY", "EMBEDDINGS_MIN_COSINE"] as const;

/** The embeddings settings of the bench's environment, for the bench app's configuration. */
export function embeddingsEnv(): Record<string, string> {
  return Object.fromEntries(NAMES.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));
}

/**
 * With a model configured: embeds the whole catalog (the app's own jobs, drained) and answers the
 * engine's semantic step and a label for the printout; without one, null and "local engine, no model".
 */
export async function benchSemantic(app: FastifyInstance, database: Database): Promise<{ semantic: Semantic | null; label: string }> {
  const config = loadConfig({ NODE_ENV: "test", ...embeddingsEnv() });
  if (!config.EMBEDDINGS_BASE_URL || !config.EMBEDDINGS_MODEL) return { semantic: null, label: "local engine, no model" };
  await app.jobs.send("discover.embed-sweep", {});
  await app.jobs.drain();
  const embedder = createEmbedder({ baseUrl: config.EMBEDDINGS_BASE_URL, model: config.EMBEDDINGS_MODEL, apiKey: config.EMBEDDINGS_API_KEY });
  const semantic = createSemantic({
    repo: createEmbeddingsRepo(database.db),
    embedder,
    minSimilarity: config.EMBEDDINGS_MIN_COSINE,
    warn: (err) => console.warn(`embeddings: ${err instanceof Error ? err.message : String(err)}`),
  });
  return {
    semantic,
    label: `hybrid: full text + ${config.EMBEDDINGS_MODEL} at ${config.EMBEDDINGS_BASE_URL} (RRF k=60, similarity ≥ ${config.EMBEDDINGS_MIN_COSINE})`,
  };
}
