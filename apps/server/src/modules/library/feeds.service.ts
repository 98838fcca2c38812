import { z } from "zod";
import type { CatalogFeedError } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { recordAudit } from "../../lib/audit.ts";
import { AppError, conflict } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { JobDefinition, Jobs } from "../../lib/jobs.ts";
import { normaliseUrl, recognise } from "../../lib/providers.ts";
import { type SafeFetch, SafeFetchError } from "../../lib/safe-fetch.ts";
import { detectLanguage, extractSkills, fold } from "../discover/index.ts";
import type { NewCatalogItem } from "./catalog.repo.ts";
import { type FeedEntry, feedAddress, type ReadFeed, readFeed } from "./feeds.parse.ts";
import type { CatalogFeedRow, SupplyRepo } from "./supply.repo.ts";

export const FEED_REFRESH_JOB = "catalog_feeds.refresh";
export const FEEDS_DUE_JOB = "catalog_feeds.due";

/** A feed read well is read again after this long. */
const REFRESH_EVERY_S = 6 * 3600;
/** After a failure the wait starts here and doubles with each failure in a row, up to a day. */
const RETRY_FIRST_S = 30 * 60;
const RETRY_MAX_S = 24 * 3600;
/** Podcast feeds carry years of episodes in one document: a few MB; more is not a feed we take. */
const FEED_MAX_BYTES = 5 * 1024 * 1024;
const FEED_TIMEOUT_MS = 20_000;
const FEED_ACCEPT = "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5";
/** A validator longer than this is not sent back (it is the server's, and a header has its limits). */
const VALIDATOR_MAX = 512;
/** Feeds sent to refresh per round of the due job, and how long each is held off meanwhile. */
const DUE_PER_ROUND = 500;
const DUE_HOLD_S = 3600;

const CONTENT_TYPE = { articles: "article", podcast: "podcast", video: "video" } as const;

const feedError = (err: unknown): CatalogFeedError => {
  if (!(err instanceof SafeFetchError)) return "feed_unreachable";
  if (err.code === "blocked_address") return "feed_blocked_address";
  if (err.code === "too_large") return "feed_too_large";
  if (err.code === "http_error") return "feed_http_error";
  return "feed_unreachable";
};

const validator = (v: string | string[] | undefined) => (typeof v === "string" && v.length <= VALIDATOR_MAX ? v : null);

/** The wait before the next attempt after `failures` failures in a row. */
export const retryAfterS = (failures: number) => Math.min(RETRY_MAX_S, RETRY_FIRST_S * 2 ** Math.max(0, failures - 1));

/**
 * An entry as a catalog item: the feed's skills, and those of the company's catalog its own words
 * name (how the copilot reads a question's skills), in the language its words are in unless the
 * feed declares one.
 */
function itemOf(feed: CatalogFeedRow, read: ReadFeed, e: FeedEntry, vocabulary: readonly string[]): NewCatalogItem {
  const words = fold(`${e.title} ${e.description ?? ""}`);
  return {
    companyId: feed.companyId,
    url: e.url,
    normalizedUrl: normaliseUrl(e.url),
    title: e.title,
    contentType: CONTENT_TYPE[read.kind],
    provider: recognise(e.url).provider,
    author: e.author,
    durationS: e.durationS,
    description: e.description,
    imageUrl: e.imageUrl,
    language: read.language ?? detectLanguage(`${e.title} ${e.description ?? ""}`, "en"),
    skills: [...new Set([...feed.skills, ...extractSkills(words, vocabulary)])].slice(0, 20),
    createdBy: feed.createdBy,
  };
}

/**
 * The L&D leader (or hr) subscribes the company catalog to feeds; a job reads each when it is due
 * (or at once when asked) and adds its new entries to the catalog. A feed that fails keeps its
 * error and is read again later; subscribing, and unsubscribing, are in the audit trail.
 */
export function createFeedsService(deps: { db: Db; events: EventBus; repo: SupplyRepo; jobs: Jobs; fetch: SafeFetch }) {
  const { db, events, repo, jobs } = deps;

  const refreshJob: JobDefinition<z.ZodObject<{ feedId: z.ZodNumber }>> = {
    name: FEED_REFRESH_JOB,
    data: z.object({ feedId: z.number().int() }),
    // A failed read is the feed's own state, read again on its schedule: the job itself only fails on
    // the database, and is then retried.
    retryLimit: 2,
    retryDelay: 30,
    expireInSeconds: 120,
    run: ({ feedId }) => refresh(feedId),
  };
  const dueJob: JobDefinition<z.ZodObject<Record<string, never>>> = {
    name: FEEDS_DUE_JOB,
    data: z.object({}),
    cron: "*/15 * * * *",
    retryLimit: 1,
    async run() {
      await db.transaction(async (tx) => {
        for (const feedId of await repo.claimDue(tx, DUE_HOLD_S, DUE_PER_ROUND)) await jobs.send(refreshJob, { feedId }, { tx });
      });
    },
  };

  /** Reads the feed once and records what came of it. */
  async function refresh(feedId: number): Promise<void> {
    const feed = await repo.feedById(feedId);
    if (!feed) return; // unsubscribed meanwhile
    let res;
    try {
      res = await deps.fetch(feed.url, {
        maxBytes: FEED_MAX_BYTES,
        timeoutMs: FEED_TIMEOUT_MS,
        accept: FEED_ACCEPT,
        conditional: { etag: feed.etag, lastModified: feed.lastModified },
      });
    } catch (err) {
      const failures = feed.failures + 1;
      await repo.markFailed(feed.id, feedError(err), retryAfterS(failures));
      return;
    }
    const validators = { etag: validator(res.headers.etag), lastModified: validator(res.headers["last-modified"]) };
    if (res.status === 304) {
      await db.transaction((tx) => repo.markRead(tx, feed.id, { ...validators, added: 0, nextInSeconds: REFRESH_EVERY_S }));
      return;
    }
    const read = await readFeed(res.body, res.finalUrl);
    if (!read) {
      await repo.markFailed(feed.id, "feed_not_a_feed", retryAfterS(feed.failures + 1));
      return;
    }
    await db.transaction(async (tx) => {
      const vocabulary = [...new Set([...feed.skills, ...(await repo.vocabulary(tx, feed.companyId))])];
      const added = await repo.addItems(
        tx,
        read.entries.map((e) => itemOf(feed, read, e, vocabulary)),
      );
      await repo.markRead(tx, feed.id, { title: read.title, kind: read.kind, ...validators, added, nextInSeconds: REFRESH_EVERY_S });
      if (added > 0) await events.emit(tx, "catalog_items.added", { actorId: feed.createdBy, companyId: feed.companyId, count: added, source: "feed" });
    });
  }

  return {
    jobs: [refreshJob, dueJob] as JobDefinition<z.ZodType>[],
    refresh,

    /** Follows a feed (a YouTube channel's or playlist's page becomes its feed's address) and reads it soon. */
    async subscribe(actorId: number, companyId: number, b: { url: string; skills: string[] }): Promise<CatalogFeedRow> {
      const address = feedAddress(b.url);
      if (!address.ok)
        throw address.reason === "youtube_handle"
          ? new AppError("catalog_feed_youtube_handle", 400, "Give the channel's address with its id (youtube.com/channel/UC…) or a playlist's")
          : new AppError("catalog_feed_url_invalid", 400, "Give the feed's http or https address");
      return db.transaction(async (tx) => {
        const feed = await repo.subscribe(tx, { companyId, url: address.url, skills: [...new Set(b.skills)], createdBy: actorId });
        if (!feed) throw conflict("catalog_feed_exists", "The catalog already follows this feed");
        await recordAudit(tx, {
          actorId,
          companyId,
          entity: "catalog_feed",
          entityId: feed.id,
          action: "subscribe",
          after: { url: feed.url, skills: feed.skills },
        });
        await jobs.send(refreshJob, { feedId: feed.id }, { tx });
        return feed;
      });
    },

    /** Reads the feed again now (the job does; the answer is the feed as it stands). */
    async refreshNow(feed: CatalogFeedRow): Promise<CatalogFeedRow> {
      return db.transaction(async (tx) => {
        const due = await repo.dueNow(tx, feed.id);
        await jobs.send(refreshJob, { feedId: feed.id }, { tx });
        return due;
      });
    },

    /** Stops following the feed; what it added stays in the catalog (the L&D leader hides what they no longer want). */
    async unsubscribe(actorId: number, feed: CatalogFeedRow): Promise<void> {
      await db.transaction(async (tx) => {
        const gone = await repo.unsubscribe(tx, feed.id);
        if (!gone) return;
        await recordAudit(tx, {
          actorId,
          companyId: feed.companyId,
          entity: "catalog_feed",
          entityId: feed.id,
          action: "unsubscribe",
          before: { url: gone.url, skills: gone.skills, item_count: gone.itemCount },
        });
      });
    },
  };
}
export type FeedsService = ReturnType<typeof createFeedsService>;
