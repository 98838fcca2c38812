import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, customType, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz, timestamps, pointsTo } from "./columns.ts";
import { companyRef } from "./refs.ts";
import { accounts } from "./identity.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const CONTENT_TYPES = ["article", "video", "course", "podcast", "book", "job"] as const;

/** What describes a content item: the catalog's row, and each person's saved copy of it. */
export const contentDetails = () => ({
  contentType: text("content_type", { enum: CONTENT_TYPES }).notNull(),
  provider: text("provider"),
  author: text("author"),
  durationS: integer("duration_s"),
  description: text("description"),
  imageUrl: text("image_url"),
});

/** One row per normalised URL per company (PRODUCT.md: the company catalog). */
export const contentItems = pgTable(
  "content_items",
  {
    id: serial("id").primaryKey(),
    companyId: companyRef(),
    url: text("url").notNull(),
    normalizedUrl: text("normalized_url").notNull(),
    title: text("title").notNull(),
    ...contentDetails(),
    language: text("language").notNull().default("en"),
    skills: text("skills")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: pointsTo("created_by", () => accounts.id),
    /**
     * The row came in through someone's private save: it stays out of the catalog until a public save
     * or a published collection brings it in, even after that private save is deleted.
     */
    privateOrigin: boolean("private_origin").notNull().default(false),
    /** An L&D leader hid the item (junk or a duplicate): discover and the copilot leave it out. */
    hiddenAt: timestamptz("hidden_at"),
    /** The item this duplicate was merged into; a merged item is hidden too. */
    mergedIntoId: pointsTo("merged_into_id", (): AnyPgColumn => contentItems.id),
    ...timestamps(),
    // Discover and the copilot: title A in simple, English and Spanish; description B
    // in English and Spanish; author C. Stored and indexed: never ranked over a per-row expression.
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('spanish'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') || setweight(to_tsvector('spanish'::regconfig, coalesce(description, '')), 'B') || setweight(to_tsvector('simple'::regconfig, coalesce(author, '')), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex("content_items_company_url_uq").on(t.companyId, t.normalizedUrl),
    index("content_items_company_type_idx").on(t.companyId, t.contentType),
    index("content_items_search_idx").using("gin", t.search),
    index("content_items_skills_idx").using("gin", t.skills),
  ],
);
