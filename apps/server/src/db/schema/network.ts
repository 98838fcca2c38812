import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz, createdAt, timestamps, ownedBy, pointsTo } from "./columns.ts";
import { companyRef, decision } from "./refs.ts";
import type { PublishChanges } from "@learnward/contracts";
import { contentItems } from "./catalog.ts";
import { accounts, teams } from "./identity.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** A curated, ordered set of catalog content in sections (PRODUCT.md, Collaborative network). */
export const collections = pgTable(
  "collections",
  {
    id: serial("id").primaryKey(),
    companyId: companyRef(),
    ownerId: ownedBy("owner_id", () => accounts.id),
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
    publishedAt: timestamptz("published_at"),
    /**
     * A published collection's pending edits live in a second row of this table (with its
     * own sections and items) that points here. The published row and its items stay the one
     * thing colleagues, discover, plans, insights and copilot read, untouched until the L&D leader
     * accepts; the draft row reuses every editing rule (ordering, sections) instead of a jsonb copy
     * that would need them written twice. Draft rows are private and never listed or addressed.
     */
    draftOf: integer("draft_of").references((): AnyPgColumn => collections.id, { onDelete: "cascade" }),
    ...timestamps(),
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
    collectionId: ownedBy("collection_id", () => collections.id),
    title: text("title").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [index("collection_sections_collection_idx").on(t.collectionId)],
);

export const collectionItems = pgTable(
  "collection_items",
  {
    id: serial("id").primaryKey(),
    collectionId: ownedBy("collection_id", () => collections.id),
    sectionId: pointsTo("section_id", () => collectionSections.id),
    contentId: ownedBy("content_id", () => contentItems.id),
    position: integer("position").notNull(),
    ...createdAt(),
  },
  (t) => [uniqueIndex("collection_items_collection_content_uq").on(t.collectionId, t.contentId), index("collection_items_content_idx").on(t.contentId)],
);

export const publishRequests = pgTable(
  "publish_requests",
  {
    id: serial("id").primaryKey(),
    companyId: companyRef(),
    collectionId: ownedBy("collection_id", () => collections.id),
    requestedBy: ownedBy("requested_by", () => accounts.id),
    status: text("status", { enum: ["pending", "accepted", "rejected"] })
      .notNull()
      .default("pending"),
    /** publish: a private collection's first publication; edit: a published collection's draft. */
    kind: text("kind", { enum: ["publish", "edit"] })
      .notNull()
      .default("publish"),
    draftId: pointsTo("draft_id", () => collections.id),
    /** What the L&D leader reviews, kept as decided. */
    changes: jsonb("changes").$type<PublishChanges>(),
    /** The draft as submitted: accepting publishes exactly this, whatever happens to the draft meanwhile. */
    revision: jsonb("revision").$type<Revision>(),
    message: text("message"),
    reason: text("reason"),
    ...decision(),
    ...createdAt(),
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
    accountId: ownedBy("account_id", () => accounts.id),
    collectionId: ownedBy("collection_id", () => collections.id),
    ...createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.collectionId] })],
);

/** Done items, per person and catalog content: done once, done in every path that holds it. */
export const contentProgress = pgTable(
  "content_progress",
  {
    accountId: ownedBy("account_id", () => accounts.id),
    contentId: ownedBy("content_id", () => contentItems.id),
    doneAt: timestamptz("done_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.contentId] })],
);

/** spec §3 upskilling assignment: title, deadline, skills with collections, accounts and teams. */
export const upskillingPlans = pgTable(
  "upskilling_plans",
  {
    id: serial("id").primaryKey(),
    companyId: companyRef(),
    title: text("title").notNull(),
    deadline: date("deadline", { mode: "string" }).notNull(),
    createdBy: ownedBy("created_by", () => accounts.id),
    ...timestamps(),
  },
  (t) => [index("upskilling_plans_company_idx").on(t.companyId)],
);

export const planCollections = pgTable(
  "plan_collections",
  {
    planId: ownedBy("plan_id", () => upskillingPlans.id),
    skill: text("skill").notNull(),
    collectionId: ownedBy("collection_id", () => collections.id),
  },
  (t) => [primaryKey({ columns: [t.planId, t.skill, t.collectionId] })],
);

/** The level an upskilling plan aims at in one of its skills: completing the plan proves it. */
export const planSkillTargets = pgTable(
  "plan_skill_targets",
  {
    planId: ownedBy("plan_id", () => upskillingPlans.id),
    skill: text("skill").notNull(),
    level: integer("level").notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.skill] })],
);

/** A team assignment: its present and future members are assignees. */
export const planTeams = pgTable(
  "plan_teams",
  {
    planId: ownedBy("plan_id", () => upskillingPlans.id),
    teamId: ownedBy("team_id", () => teams.id),
  },
  (t) => [primaryKey({ columns: [t.planId, t.teamId] })],
);

/** Direct assignees, and team members once they accept or reject; completion is computed. */
export const planAssignees = pgTable(
  "plan_assignees",
  {
    planId: ownedBy("plan_id", () => upskillingPlans.id),
    accountId: ownedBy("account_id", () => accounts.id),
    direct: boolean("direct").notNull().default(true),
    status: text("status", { enum: ["pending", "active", "rejected"] })
      .notNull()
      .default("pending"),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.accountId] }), index("plan_assignees_account_idx").on(t.accountId)],
);
