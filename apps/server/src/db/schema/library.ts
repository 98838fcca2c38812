import { sql } from "drizzle-orm";
import { boolean, customType, index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, timestamps, timestamptz, ownedBy, pointsTo } from "./columns.ts";
import { companyRef } from "./refs.ts";
import { CONTENT_TYPES, contentDetails, contentItems } from "./catalog.ts";
import { accounts } from "./identity.ts";

/** contracts' ItemState: the spec's course states, then a job's own. */
const ITEM_STATES = ["wishlist", "running", "finalized", "saved", "applied", "closed"] as const;

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * A person's saved copy of a catalog item (spec §3 Content item: id_primary → id, id_content →
 * content_id). Edits change the copy, never the shared catalog row. One row per person and
 * item, and one state per row, so an item is never in two states at once.
 */
export const userContents = pgTable(
  "user_contents",
  {
    id: serial("id").primaryKey(),
    accountId: ownedBy("account_id", () => accounts.id),
    contentId: ownedBy("content_id", () => contentItems.id),
    title: text("title").notNull(),
    url: text("url").notNull(),
    ...contentDetails(),
    isPrivate: boolean("is_private").notNull().default(false),
    // Where the item stands, for every type (contracts' statesFor): the spec's course states, which
    // every type but jobs takes, or a job's own (saved, applied, closed). The column keeps the
    // spec's name: its course values are the spec's course_status.
    courseStatus: text("course_status", { enum: ITEM_STATES }),
    // Set by a save that left the page to be read afterwards; the job that reads it clears it,
    // whether the page could be read or not, so that nobody waits on it for ever.
    metadataPending: boolean("metadata_pending").notNull().default(false),
    ...timestamps(),
    // Stored, indexed and weighted: title A, author B, description C; English and Spanish
    // stemming plus an unstemmed copy for prefix search (ARCHITECTURE.md: never rank per row).
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('spanish'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(author, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C') || setweight(to_tsvector('spanish'::regconfig, coalesce(description, '')), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex("user_contents_account_content_uq").on(t.accountId, t.contentId),
    // The library's lists newest first, one page read in index order: a tab of one type,
    // and several types (the "all" tab).
    index("user_contents_account_type_idx").on(t.accountId, t.contentType, t.createdAt, t.id),
    index("user_contents_account_recent_idx").on(t.accountId, t.createdAt, t.id),
    index("user_contents_account_course_idx").on(t.accountId, t.courseStatus),
    // Both search indexes merge their pending entries past 256 kB (migration 0027, gin_pending_list_limit).
    index("user_contents_search_idx").using("gin", t.search),
    // A person's matches of a search, without reading the rest of their library or anyone else's
    // (btree_gin, migration 0023).
    index("user_contents_account_search_idx").using("gin", t.accountId, t.search),
    // The beginnings of those words (up to 24 characters each) as exact entries: a search's
    // `kube:*` is one exact lookup among the person's entries instead of a partial match that
    // collects every person's words starting so (migration 0028, which builds it without
    // the person's id where btree_gin is absent).
    index("user_contents_account_prefix_idx").using("gin", t.accountId, sql`learnward_search_prefixes(${t.search})`),
    // Savers of a catalog item: discover's popularity and visibility.
    index("user_contents_content_idx").on(t.contentId),
  ],
);

/**
 * How many items a person has saved of each type, course state ('' for none) and privacy: the tab
 * counts (spec §3) and a list's total read from here, never from the library (counting a
 * 10,000-item library cost ~21 ms of database time per list request). Kept by statement-level
 * triggers on user_contents in the same transaction as every write to it (migration
 * 0025_library_counts_triggers.sql, slots since 0029): the routes, course moves, catalog merges, bulk statements and
 * the cascades from content_items and accounts all change it without knowing. No foreign key: an
 * account's deletion cascades to its saves, whose trigger then brings its counts to 0.
 */
export const libraryCounts = pgTable(
  "library_counts",
  {
    accountId: integer("account_id").notNull(),
    contentType: text("content_type", { enum: CONTENT_TYPES }).notNull(),
    courseStatus: text("course_status", { enum: ["", ...ITEM_STATES] }).notNull(),
    isPrivate: boolean("is_private").notNull(),
    // The item's id modulo 16: one person's concurrent writes land on different rows (consecutive
    // new ids on 16 different ones), so no count row is held by all of them until they commit.
    // An item always counts in its own slot, so no slot's n is ever below 0.
    slot: smallint("slot").notNull().default(0),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.contentType, t.courseStatus, t.isPrivate, t.slot] })],
);

export const folders = pgTable(
  "folders",
  {
    id: serial("id").primaryKey(),
    accountId: ownedBy("account_id", () => accounts.id),
    name: text("name").notNull(),
    ...timestamps(),
  },
  (t) => [index("folders_account_idx").on(t.accountId)],
);

export const folderSections = pgTable(
  "folder_sections",
  {
    id: serial("id").primaryKey(),
    folderId: ownedBy("folder_id", () => folders.id),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    ...createdAt(),
  },
  (t) => [index("folder_sections_folder_idx").on(t.folderId)],
);

/** spec §3 Folder relation: id, id_folder, id_section, priority (1-based). */
export const folderRelations = pgTable(
  "folder_relations",
  {
    id: serial("id").primaryKey(),
    folderId: ownedBy("folder_id", () => folders.id),
    sectionId: pointsTo("section_id", () => folderSections.id),
    userContentId: ownedBy("user_content_id", () => userContents.id),
    priority: integer("priority").notNull(),
    ...createdAt(),
  },
  (t) => [
    uniqueIndex("folder_relations_folder_content_uq").on(t.folderId, t.userContentId),
    index("folder_relations_list_idx").on(t.folderId, t.sectionId, t.priority),
  ],
);

/**
 * The readable text of a saved page, read by the job after a save (page-read.job.ts): kept apart
 * from user_contents so the library's lists never carry it. A public save's read is the company's
 * one copy of the page (`shared`), lent to everyone whose copy may see the catalog row; a private
 * save's read is its reader's alone (`shared` false), since nobody else may learn the page was saved.
 */
export const contentTexts = pgTable(
  "content_texts",
  {
    id: serial("id").primaryKey(),
    contentId: ownedBy("content_id", () => contentItems.id),
    // The catalog row's company, so a search keeps to one company's texts without a join.
    companyId: companyRef(),
    // Whose save read the page: the only reader of a private text, and always a reader of a shared one.
    accountId: ownedBy("account_id", () => accounts.id),
    shared: boolean("shared").notNull(),
    sourceUrl: text("source_url").notNull(),
    title: text("title"),
    byline: text("byline"),
    excerpt: text("excerpt"),
    siteName: text("site_name"),
    // Paragraphs separated by a blank line; bounded when read (readable-text.ts).
    text: text("text").notNull(),
    wordCount: integer("word_count").notNull(),
    readAt: timestamptz("read_at").notNull().defaultNow(),
    // Stemmed in English and Spanish, as the library's own search column is (never ranked per row),
    // and copied into its readers' entries in library_texts, which the search reads (so no index here).
    search: tsvector("search").generatedAlwaysAs(
      sql`to_tsvector('english'::regconfig, coalesce(text, '')) || to_tsvector('spanish'::regconfig, coalesce(text, ''))`,
    ),
  },
  (t) => [
    // One company copy of a page, and one private copy per reader.
    uniqueIndex("content_texts_shared_uq")
      .on(t.contentId)
      .where(sql`${t.shared}`),
    uniqueIndex("content_texts_own_uq")
      .on(t.contentId, t.accountId)
      .where(sql`not ${t.shared}`),
    // A reader's private texts, found by reader: a search sets them apart once (textReadableBy) instead
    // of reading every company's private texts, or looking one up per matching page.
    index("content_texts_own_reader_idx")
      .on(t.accountId, t.contentId)
      .where(sql`not ${t.shared}`),
  ],
);

/**
 * The page text each saved copy reads, with the copy's list columns beside its words: a word's
 * matches in one person's library are that person's entries in one index, as their title matches
 * are (user_contents_account_search_idx), instead of the company's matching pages joined to every
 * copy they have (bench, a word on half of 10,000 pages: 7.0 → 3.5 ms of the statement, fastest runs). The text is
 * textReadableBy's choice, the reader's own private read, else the company's shared one; its rule for
 * lending a shared text to a private copy reads other people's saves and collections, and is applied
 * when searching (text-search.repo.ts). Kept by the database itself (migration 0047's triggers), in
 * the transaction of every write to user_contents or content_texts: the app never writes it.
 */
export const libraryTexts = pgTable(
  "library_texts",
  {
    userContentId: integer("user_content_id")
      .primaryKey()
      .references(() => userContents.id, { onDelete: "cascade" }),
    accountId: integer("account_id").notNull(),
    contentId: integer("content_id").notNull(),
    contentType: text("content_type").notNull(),
    isPrivate: boolean("is_private").notNull(),
    courseStatus: text("course_status"),
    textShared: boolean("text_shared").notNull(),
    textAccountId: integer("text_account_id").notNull(),
    // The text's words without their positions: matched, never ranked.
    search: tsvector("search").notNull(),
  },
  // With btree_gin (migration 0047; without it, the embedded database, an index of the words alone).
  (t) => [index("library_texts_account_search_idx").using("gin", t.accountId, t.search)],
);
