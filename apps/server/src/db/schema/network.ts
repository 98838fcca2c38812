import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { PublishChanges } from "@learnward/contracts";
import { contentItems } from "./catalog.ts";
import { accounts, companies, teams } from "./identity.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** A curated, ordered set of catalog content in sections (PRODUCT.md, Collaborative network). */
export const collections = pgTable(
  "collections",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    coverUrl: text("cover_url"),
    skills: text("skills")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text("status", { enum: ["private", "pending", "published"] })
      .notNull()
      .default("private"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /**
     * A published collection's pending edits live in a second row of this table (with its
     * own sections and items) that points here. The published row and its items stay the one
     * thing colleagues, discover, plans, insights and copilot read, untouched until the L&D leader
     * accepts; the draft row reuses every editing rule (ordering, sections) instead of a jsonb copy
     * that would need them written twice. Draft rows are private and never listed or addressed.
     */
    draftOf: integer("draft_of").references((): AnyPgColumn => collections.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Discover searches published collections with the catalog's weights.
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('spanish'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') || setweight(to_tsvector('spanish'::regconfig, coalesce(description, '')), 'B')`,
    ),
  },
  (t) => [
    index("collections_company_status_idx").on(t.companyId, t.status),
    index("collections_owner_idx").on(t.ownerId),
    index("collections_search_idx").using("gin", t.search),
    uniqueIndex("collections_draft_of_uq").on(t.draftOf),
  ],
);

export const collectionSections = pgTable(
  "collection_sections",
  {
    id: serial("id").primaryKey(),
    collectionId: integer("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [index("collection_sections_collection_idx").on(t.collectionId)],
);

export const collectionItems = pgTable(
  "collection_items",
  {
    id: serial("id").primaryKey(),
    collectionId: integer("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    sectionId: integer("section_id").references(() => collectionSections.id, { onDelete: "set null" }),
    contentId: integer("content_id")
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("collection_items_collection_content_uq").on(t.collectionId, t.contentId), index("collection_items_content_idx").on(t.contentId)],
);

export const publishRequests = pgTable(
  "publish_requests",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    collectionId: integer("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    requestedBy: integer("requested_by")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "accepted", "rejected"] })
      .notNull()
      .default("pending"),
    /** publish: a private collection's first publication; edit: a published collection's draft. */
    kind: text("kind", { enum: ["publish", "edit"] })
      .notNull()
      .default("publish"),
    draftId: integer("draft_id").references(() => collections.id, { onDelete: "set null" }),
    /** What the L&D leader reviews, kept as decided. */
    changes: jsonb("changes").$type<PublishChanges>(),
    /** The draft as submitted: accepting publishes exactly this, whatever happens to the draft meanwhile. */
    revision: jsonb("revision").$type<Revision>(),
    message: text("message"),
    reason: text("reason"),
    decidedBy: integer("decided_by").references(() => accounts.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("publish_requests_company_status_idx").on(t.companyId, t.status),
    // At most one open request per collection.
    uniqueIndex("publish_requests_one_pending_uq")
      .on(t.collectionId)
      .where(sql`status = 'pending'`),
  ],
);

/** A collection's content as one value: a submitted draft, or the source of a new draft. Keys are the source rows' ids. */
export interface Revision {
  title: string;
  description: string | null;
  coverUrl: string | null;
  skills: string[];
  sections: { key: number; title: string; position: number }[];
  items: { key: number; contentId: number; sectionKey: number | null; position: number; title: string; contentType: string }[];
}

export const collectionFollows = pgTable(
  "collection_follows",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    collectionId: integer("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.collectionId] })],
);

/** Done items, per person and catalog content: done once, done in every path that holds it. */
export const contentProgress = pgTable(
  "content_progress",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    contentId: integer("content_id")
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    doneAt: timestamp("done_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.contentId] })],
);

/** spec §3 upskilling assignment: title, deadline, skills with collections, accounts and teams. */
export const upskillingPlans = pgTable(
  "upskilling_plans",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    deadline: date("deadline", { mode: "string" }).notNull(),
    createdBy: integer("created_by")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("upskilling_plans_company_idx").on(t.companyId)],
);

export const planCollections = pgTable(
  "plan_collections",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => upskillingPlans.id, { onDelete: "cascade" }),
    skill: text("skill").notNull(),
    collectionId: integer("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.planId, t.skill, t.collectionId] })],
);

/** A team assignment: its present and future members are assignees. */
export const planTeams = pgTable(
  "plan_teams",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => upskillingPlans.id, { onDelete: "cascade" }),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.planId, t.teamId] })],
);

/** Direct assignees, and team members once they accept or reject; completion is computed. */
export const planAssignees = pgTable(
  "plan_assignees",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => upskillingPlans.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    direct: boolean("direct").notNull().default(true),
    status: text("status", { enum: ["pending", "active", "rejected"] })
      .notNull()
      .default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.accountId] }), index("plan_assignees_account_idx").on(t.accountId)],
);
