import { z } from "zod";
import { Id } from "./common.ts";
import { SkillName } from "./network.ts";

// Content supply for a company catalog: the starter catalog (the open items the demo uses) and feed
// subscriptions (RSS, Atom, podcasts, YouTube channels and playlists) refreshed by a job.

export const AddStarterCatalogResponse = z.object({
  company_id: z.number().int(),
  added: z.number().int().describe("Starter items new to the catalog"),
  already_present: z.number().int().describe("Starter items the catalog already had (a second click adds nothing)"),
});
export type AddStarterCatalogResponse = z.infer<typeof AddStarterCatalogResponse>;

/** What a feed gives the catalog: articles, podcast episodes or videos. */
export const CatalogFeedKind = z.enum(["articles", "podcast", "video"]);
export type CatalogFeedKind = z.infer<typeof CatalogFeedKind>;

/** pending: not read yet; ok: read at the last refresh; failed: the last refresh failed (retried later). */
export const CatalogFeedStatus = z.enum(["pending", "ok", "failed"]);
export type CatalogFeedStatus = z.infer<typeof CatalogFeedStatus>;

/** Why a feed's last refresh failed; the web app translates each. */
export const CatalogFeedError = z.enum(["feed_unreachable", "feed_blocked_address", "feed_http_error", "feed_too_large", "feed_not_a_feed"]);
export type CatalogFeedError = z.infer<typeof CatalogFeedError>;

export const CatalogFeed = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  url: z.string().describe("The feed's address (a YouTube channel or playlist is kept as its feed's address)"),
  title: z.string().nullable().describe("The feed's own title, once read"),
  kind: CatalogFeedKind.nullable().describe("What its entries become in the catalog, once read"),
  skills: z.array(z.string()).describe("Skills every item of this feed is tagged with"),
  status: CatalogFeedStatus,
  last_error: CatalogFeedError.nullable(),
  last_refreshed_at: z.string().nullable().describe("When the feed was last read successfully"),
  last_attempt_at: z.string().nullable(),
  next_refresh_at: z.string().describe("When the job reads it next"),
  item_count: z.number().int().describe("Catalog items this feed has added"),
  created_at: z.string(),
});
export type CatalogFeed = z.infer<typeof CatalogFeed>;

export const CreateCatalogFeedRequest = z.object({
  url: z.string().trim().min(1).max(2000).describe("An RSS, Atom or podcast feed, or a YouTube channel's or playlist's address"),
  skills: z.array(SkillName).max(10).default([]).describe("Skills every item of the feed is tagged with"),
  company_id: Id.optional().describe("The caller's own company (the default); any other is not found"),
});
export type CreateCatalogFeedRequest = z.input<typeof CreateCatalogFeedRequest>;
