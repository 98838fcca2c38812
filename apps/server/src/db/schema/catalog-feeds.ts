import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, pointsTo, timestamptz } from "./columns.ts";
import { companyRef } from "./refs.ts";
import { accounts } from "./identity.ts";

/**
 * A feed the company catalog follows (RSS, Atom, a podcast, a YouTube channel or playlist): a job
 * reads it when `nextRefreshAt` comes and adds its new entries to the catalog. A feed that fails
 * keeps its last error and is read again later, waiting longer after each failure in a row.
 */
export const catalogFeeds = pgTable(
  "catalog_feeds",
  {
    id: serial("id").primaryKey(),
    companyId: companyRef(),
    url: text("url").notNull(),
    title: text("title"),
    /** What its entries become: articles, podcast episodes or videos; null until first read. */
    kind: text("kind", { enum: ["articles", "podcast", "video"] }),
    skills: text("skills")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text("status", { enum: ["pending", "ok", "failed"] })
      .notNull()
      .default("pending"),
    lastError: text("last_error"),
    /** Failures in a row: the wait before the next attempt grows with them. */
    failures: integer("failures").notNull().default(0),
    /** The validators of the last answer, sent back so an unchanged feed answers 304. */
    etag: text("etag"),
    lastModified: text("last_modified"),
    lastRefreshedAt: timestamptz("last_refreshed_at"),
    lastAttemptAt: timestamptz("last_attempt_at"),
    nextRefreshAt: timestamptz("next_refresh_at").notNull().defaultNow(),
    itemCount: integer("item_count").notNull().default(0),
    createdBy: pointsTo("created_by", () => accounts.id),
    ...createdAt(),
  },
  (t) => [uniqueIndex("catalog_feeds_company_url_uq").on(t.companyId, t.url), index("catalog_feeds_due_idx").on(t.nextRefreshAt)],
);
