import { createHash } from "node:crypto";
import { z } from "zod";
import type { Handler } from "../../lib/events.ts";
import type { JobDefinition, Jobs } from "../../lib/jobs.ts";
import type { Embedder } from "./embeddings.client.ts";
import type { EmbeddingSource, EmbeddingsRepo } from "./embeddings.repo.ts";

// Issue 26: catalog items are embedded in the background. A save (content.saved, which also covers
// a private row made public with the saver's text) queues its item; a sweep every few minutes
// queues items that have no vector of the configured model yet (the demo seed, items from before
// the model was set, a changed model). A job skips items whose text and model are unchanged (hash),
// so running it twice, or on every repeat save, asks the model nothing.

/** Items per job and texts per request to the model. */
export const EMBED_BATCH = 32;
const SWEEP_LIMIT = 2_000;
const EMBED_TIMEOUT_MS = 60_000;

/** What is embedded of an item: what the full-text search reads, plus skills and provider. */
export function embeddingText(s: Pick<EmbeddingSource, "title" | "description" | "skills" | "author" | "provider">): string {
  return [
    s.title,
    s.description,
    s.skills.length ? `Skills: ${s.skills.join(", ")}` : null,
    s.author ? `By ${s.author}` : null,
    s.provider ? `On ${s.provider}` : null,
  ]
    .filter((part): part is string => !!part && part.trim() !== "")
    .join("\n")
    .slice(0, 4_000);
}

export const textHash = (model: string, text: string) => createHash("sha256").update(`${model}\n${text}`).digest("hex");

const EmbedData = z.object({ contentIds: z.array(z.number().int().positive()).min(1).max(EMBED_BATCH) });
const NoData = z.object({}).passthrough();

export function defineEmbeddingJobs(deps: { jobs: Jobs; repo: EmbeddingsRepo; embedder: Embedder }) {
  const { jobs, repo, embedder } = deps;

  const embed: JobDefinition<typeof EmbedData> = {
    name: "discover.embed",
    data: EmbedData,
    retryLimit: 8,
    retryDelay: 30,
    async run({ contentIds }) {
      const todo = (await repo.sources(contentIds))
        .map((s) => {
          const text = embeddingText(s);
          return { source: s, text, hash: textHash(embedder.model, text) };
        })
        .filter((x) => x.hash !== x.source.textHash);
      if (!todo.length) return;
      // Throws when the model is down: the job is retried with backoff.
      const vectors = await embedder.embed(
        todo.map((x) => x.text),
        { timeoutMs: EMBED_TIMEOUT_MS },
      );
      await repo.store(
        todo.map((x, i) => ({ contentId: x.source.id, companyId: x.source.companyId, model: embedder.model, textHash: x.hash, vector: vectors[i]! })),
      );
    },
  };

  const sweep: JobDefinition<typeof NoData> = {
    name: "discover.embed-sweep",
    data: NoData,
    cron: "*/5 * * * *",
    retryLimit: 2,
    async run() {
      const ids = await repo.stale(embedder.model, SWEEP_LIMIT);
      for (let i = 0; i < ids.length; i += EMBED_BATCH) await jobs.send(embed, { contentIds: ids.slice(i, i + EMBED_BATCH) });
    },
  };

  jobs.define(embed);
  jobs.define(sweep);

  const saved: Handler<"content.saved"> = async (tx, { contentId }) => {
    await jobs.send(embed, { contentIds: [contentId] }, { tx });
  };
  return { embed, sweep, subscriptions: [{ name: "content.saved" as const, handler: saved }] };
}
