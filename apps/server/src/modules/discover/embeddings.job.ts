import { createHash } from "node:crypto";
import { z } from "zod";
import type { Handler } from "../../lib/events.ts";
import type { JobDefinition, Jobs } from "../../lib/jobs.ts";
import type { Embedder } from "./embeddings.client.ts";
import type { EmbeddingSource, EmbeddingsRepo } from "./embeddings.repo.ts";

// Catalog items are embedded in the background. A save (content.saved, which also covers
// a private row made public with the saver's text) queues its item, and so does the page read after
// a save (content.described); a sweep every few minutes
// embeds items that have no vector of the configured model yet (the demo seed, items from before
// the model was set, a changed model). A job skips items whose text and model are unchanged (hash),
// so running it twice, or on every repeat save, asks the model nothing.

/** Items per job and texts per request to the model. */
export const EMBED_BATCH = 32;
/** How long one sweep embeds before it leaves the rest to the next (every 5 minutes). */
const SWEEP_BUDGET_MS = 4 * 60_000;
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

  /** Embeds the items whose text or model changed; throws when the model fails (the job is retried). */
  async function embedItems(contentIds: number[]) {
    const todo = (await repo.sources(contentIds))
      .map((s) => {
        const text = embeddingText(s);
        return { source: s, text, hash: textHash(embedder.model, text) };
      })
      .filter((x) => x.hash !== x.source.textHash);
    if (!todo.length) return;
    const vectors = await embedder.embed(
      todo.map((x) => x.text),
      { timeoutMs: EMBED_TIMEOUT_MS },
    );
    await repo.store(
      todo.map((x, i) => ({ contentId: x.source.id, companyId: x.source.companyId, model: embedder.model, textHash: x.hash, vector: vectors[i]! })),
    );
  }

  const embed: JobDefinition<typeof EmbedData> = {
    name: "discover.embed",
    data: EmbedData,
    retryLimit: 8,
    retryDelay: 30,
    run: ({ contentIds }) => embedItems(contentIds),
  };

  // The sweep embeds by itself, batch after batch for a few minutes, rather than queueing jobs: while
  // the model is down it fails once per slot instead of piling up jobs that retry the same items.
  const sweep: JobDefinition<typeof NoData> = {
    name: "discover.embed-sweep",
    data: NoData,
    cron: "*/5 * * * *",
    retryLimit: 0,
    expireInSeconds: (SWEEP_BUDGET_MS + 2 * EMBED_TIMEOUT_MS) / 1000,
    async run() {
      const until = Date.now() + SWEEP_BUDGET_MS;
      for (let afterId = 0; Date.now() < until;) {
        const ids = await repo.stale(embedder.model, { afterId, limit: EMBED_BATCH });
        if (!ids.length) break;
        await embedItems(ids);
        afterId = ids.at(-1)!;
      }
    },
  };

  jobs.define(embed);
  jobs.define(sweep);

  const saved: Handler<"content.saved" | "content.described"> = async (tx, { contentId }) => {
    await jobs.send(embed, { contentIds: [contentId] }, { tx });
  };
  const imported: Handler<"content.imported"> = async (tx, { contentIds }) => {
    for (let i = 0; i < contentIds.length; i += EMBED_BATCH) await jobs.send(embed, { contentIds: contentIds.slice(i, i + EMBED_BATCH) }, { tx });
  };
  return {
    embed,
    sweep,
    subscriptions: [
      { name: "content.saved" as const, handler: saved as Handler<never> },
      // The page read after a save gave the item its real title and description.
      { name: "content.described" as const, handler: saved as Handler<never> },
      { name: "content.imported" as const, handler: imported as Handler<never> },
    ],
  };
}
