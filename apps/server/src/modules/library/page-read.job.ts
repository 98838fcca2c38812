import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import type { EventBus } from "../../lib/events.ts";
import type { JobDefinition, Jobs } from "../../lib/jobs.ts";
import type { PageDetails } from "./content-writes.repo.ts";
import type { ContentTexts } from "./content-texts.repo.ts";
import type { ContentRepo } from "./content.repo.ts";
import { fallbackTitle } from "./content.service.ts";
import type { PageMetadata } from "./metadata-values.ts";
import type { ReadableText } from "./readable-text.ts";

// A save answers from what was sent and what the link alone tells; the page itself, a third party
// that may be slow or never answer, is read by this job afterwards (write, enqueue, answer).

const Data = z.object({ userContentId: z.number().int().positive() });

/** What a catalog row or a saved copy holds of the details a page may give. */
type Described = { url: string; title: string; author: string | null; description: string | null; durationS: number | null; imageUrl: string | null };

/**
 * What the page adds: only what is still blank, and a title only where it is still the one made from
 * the link. What a person typed (or edited since) is never replaced.
 */
export function blanksFilled(current: Described, page: PageMetadata): PageDetails {
  const patch: PageDetails = {};
  if (page.title && current.title === fallbackTitle(current.url)) patch.title = page.title;
  if (page.author && current.author === null) patch.author = page.author;
  if (page.description && current.description === null) patch.description = page.description;
  if (page.duration_s !== undefined && current.durationS === null) patch.durationS = page.duration_s;
  if (page.image && current.imageUrl === null) patch.imageUrl = page.image;
  return patch;
}

/** What one read of a page gave: its metadata and, when it has an article, its readable text. */
export interface PageRead {
  metadata: PageMetadata;
  text: ReadableText | null;
  /** The page that answered, after redirects. */
  finalUrl: string;
}
/** Reads a saved item's page once; null when it can't be read. */
export type ReadPage = (url: string) => Promise<PageRead | null>;

/** Defines the job and answers how a save asks for it, inside the save's transaction. */
export function definePageRead(d: { db: Db; jobs: Jobs; events: EventBus; repo: ContentRepo; texts: ContentTexts; readPage: ReadPage }) {
  const { db, repo } = d;

  /** Writes what the page gave (nothing when it couldn't be read) and says the read is over. */
  const settle = (userContentId: number, read: PageRead | null) =>
    db.transaction(async (tx) => {
      const found = await repo.lockForPageRead(tx, userContentId);
      if (!found?.copy.metadataPending) return;
      const { copy, row } = found;
      const page = read?.metadata ?? null;
      await repo.updateCopy(tx, copy.accountId, copy.id, { ...(page ? blanksFilled(copy, page) : {}), metadataPending: false });
      // A public save's read is the company's copy of the page; a private save's is its reader's alone
      // (catalog.scope.ts, textReadableBy). A read without an article keeps the text read before.
      if (read?.text && row) {
        const { text } = read;
        await d.texts.keep(tx, {
          contentId: row.id,
          companyId: row.companyId,
          accountId: copy.accountId,
          shared: !copy.isPrivate,
          sourceUrl: read.finalUrl,
          title: text.title,
          byline: text.byline,
          excerpt: text.excerpt,
          siteName: text.siteName,
          text: text.text,
          wordCount: text.wordCount,
        });
      }
      const rowPatch = page && row ? blanksFilled(row, page) : {};
      if (row && Object.keys(rowPatch).length > 0) {
        await repo.describeCatalogRow(tx, row.id, rowPatch);
        await d.events.emit(tx, "content.described", { actorId: copy.accountId, contentId: row.id });
      }
    });

  const job: JobDefinition<typeof Data> = {
    name: "library.read-page",
    data: Data,
    retryLimit: 3,
    retryDelay: 10,
    // The page's budget (5 s) and its oEmbed's (3 s), with room to write.
    expireInSeconds: 60,
    async run({ userContentId }, { retryCount }) {
      const pending = await repo.awaitingPageRead(userContentId);
      if (!pending) return;
      try {
        // Never throws: a page that can't be read answers null.
        await settle(userContentId, await d.readPage(pending.url));
      } catch (err) {
        // The last try gives up on the page rather than leave the item saying it is being read.
        if (retryCount >= (job.retryLimit ?? 0)) await settle(userContentId, null);
        throw err;
      }
    },
  };
  d.jobs.define(job);

  return {
    /** Asks for the item's page to be read once the save's transaction commits. */
    readLater: (tx: Tx, userContentId: number) => d.jobs.send(job, { userContentId }, { tx }),
  };
}
