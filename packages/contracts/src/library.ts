import { z } from "zod";
import { DrfPageSize, HttpUrl, Id, IdText, QueryBool } from "./common.ts";
import {
  CONTENT_PAGE_SIZE,
  CONTENT_TYPES,
  FOLDER_PAGE_SIZE,
  ITEM_SAVERS_SHOWN,
  JOB_STATES,
  READING_STATES,
  statesOfType,
  TAG_NAME_MAX,
  VERIFIER_MAX_IDS,
  VERIFIER_PAGE_SIZE,
} from "./constants.ts";

/** spec §3 content types. */
export const ContentType = z.enum(CONTENT_TYPES);
export type ContentType = z.infer<typeof ContentType>;
/** spec §7: contenType 'all' means these. */
export const ALL_CONTENT_TYPES = ["article", "video", "book", "podcast", "course"] as const;
export const CourseStatus = z.enum(READING_STATES);
export type CourseStatus = z.infer<typeof CourseStatus>;
/**
 * Where a saved item stands. Every type but jobs has the spec's course states (wishlist, running:
 * in progress, finalized: done); a job has its own. One value per item, so an item is never in
 * two states at once; null: none yet.
 */
export const ItemState = z.enum([...CourseStatus.options, ...JOB_STATES]);
export type ItemState = z.infer<typeof ItemState>;
type JobState = (typeof JOB_STATES)[number];
/** The states an item of this type may take (the web app offers these, the server refuses others). */
export function statesFor(type: ContentType): readonly ItemState[] {
  return statesOfType(type);
}
/** The spec's course_status of an item in this state: a job's own states are none of the course ones. */
export function courseStatusOf(state: ItemState | null): CourseStatus | null {
  return state !== null && (CourseStatus.options as readonly string[]).includes(state) ? (state as CourseStatus) : null;
}
export const isJobState = (state: ItemState): state is JobState => (JOB_STATES as readonly string[]).includes(state);

/** Seconds, as a number or as the numeric string a form gives ("120"). */
const durationSeconds = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, "Give the duration in whole seconds")
      .transform(Number),
  ])
  .pipe(z.number().int().min(0).max(10_000_000))
  .describe("Duration in seconds (a number, or a string of digits)");
/** A catalog item to save; null (a new item, spec §7) is the same as leaving it out. */
const idContentOrNull = Id.nullable().transform((v) => v ?? undefined);

/** A list of my items carrying one of my tags, named (any case); none of mine by that name, or a colleague's library: nothing. */
const TagFilter = z
  .string()
  .max(TAG_NAME_MAX * 4)
  .optional()
  .describe("Only my items carrying this tag of mine (by name, any case)");

/** spec §3 Content item, as one person's saved copy. */
export const ContentItem = z.object({
  id_primary: z.number().int().describe("The saved item (the person's copy)"),
  id_content: z.number().int().describe("The company catalog item"),
  content_type: ContentType,
  title: z.string(),
  url: z.string(),
  author: z.string().nullable(),
  duration_s: z.number().int().nullable().describe("Duration in seconds"),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  provider: z.string().nullable().describe("Recognised provider (spec §3), e.g. youtube, coursera"),
  is_private: z.boolean(),
  course_status: CourseStatus.nullable().describe("wishlist, running (completed false) or finalized (completed true)"),
  completed: z.boolean().nullable(),
  state: ItemState.nullable().describe(
    "Where the item stands, for every type: wishlist, running (in progress) or finalized (done), the course_status values; a job: saved, applied or closed",
  ),
  created_at: z.string(),
  metadata_pending: z.boolean().describe("The page is still being read after the save: title, author, description, duration and image may still be filled in"),
  tags: z
    .array(z.string())
    .optional()
    .describe("My tags on the item, by name: sent with my own library's lists and searches and my edits of an item, never on a colleague's saves"),
});
export type ContentItem = z.infer<typeof ContentItem>;

/** A colleague who saved the same catalog item publicly, as my item's page shows them. */
export const ItemSaver = z.object({
  username: z.string().describe("Their library is /profile/{username}"),
  display_name: z.string(),
  avatar_url: z.string().nullable().describe("Their picture, if they have one"),
});
export type ItemSaver = z.infer<typeof ItemSaver>;

/** GET /api/contentuser/{id}: one of my saved items with where it sits and who else has it. */
export const ContentItemDetail = ContentItem.extend({
  folders: z.array(z.object({ id: z.number().int(), name: z.string() })).describe("My folders that hold this item, by name"),
  saved_by: z
    .object({
      count: z.number().int().describe("Colleagues who saved it publicly"),
      results: z.array(ItemSaver).describe(`The ${ITEM_SAVERS_SHOWN} who saved it most recently`),
    })
    .describe("Other people of my company who saved the same content; private saves are never shown"),
});
export type ContentItemDetail = z.infer<typeof ContentItemDetail>;

export const ContentSearchQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: DrfPageSize(CONTENT_PAGE_SIZE, 100),
  contenType: z
    .string()
    .max(200)
    .default("all")
    .describe(
      "Comma list of content types; 'all' means article,video,book,podcast,course ('all,job' adds jobs); unknown values are ignored, and a list of only unknown values matches nothing",
    ),
  username: z.string().trim().min(1).max(80).optional().describe("Another person of the same company"),
  search: z
    .string()
    .max(200)
    .optional()
    .describe(
      "Full-text search; a leading # is stripped, except that a search of just #word in my own library lists my items tagged word when I have that tag",
    ),
  tag: TagFilter,
  is_wishlist: QueryBool.describe("true: only the wishlist"),
  completed: QueryBool.describe("true: finalized courses; false: running ones"),
  state: ItemState.optional().describe("Only items in this state (of the types asked for); wins over is_wishlist and completed"),
  in: z
    .enum(["text"])
    .optional()
    .describe("text: the rest of the search, the items it finds only in their page's readable text (not in title, author or description), newest first"),
});
/** A search's item: a saved item, and whether it matched only in its page's text (a search with in=text). */
export const ContentSearchResult = ContentItem.extend({
  matched_in_text: z
    .boolean()
    .optional()
    .describe("true when the search (in=text) matched only the page's readable text, not the title, author or description"),
});
export type ContentSearchResult = z.infer<typeof ContentSearchResult>;
export const ContentSearchResponse = z.object({
  count: z.number().int(),
  results: z.array(ContentSearchResult),
  links: z.object({ next: z.string().nullable(), previous: z.string().nullable() }),
});

/** What a person writes about their copy of an item, on saving it and on editing it. */
const contentDetails = {
  content_type: ContentType.optional(),
  author: z.string().trim().max(200).nullable().optional(),
  duration_s: durationSeconds.nullable().optional(),
  description: z.string().trim().max(5000).nullable().optional(),
  image_url: HttpUrl.nullable().optional(),
  is_private: z.boolean().optional(),
};

export const SaveContentRequest = z
  .object({
    url: HttpUrl.optional(),
    id_content: idContentOrNull.optional().describe("Save an existing catalog item (with a url, it must be the item's own); null: a new item"),
    title: z.string().trim().max(300).optional(),
    ...contentDetails,
    fetch_metadata: z.boolean().default(true).describe("Read title, author… from the page, after the save answers (metadata_pending until then)"),
  })
  .strict()
  .refine((b) => b.url !== undefined || b.id_content !== undefined, { message: "Give a url or an id_content", path: ["url"] });
export type SaveContentRequest = z.input<typeof SaveContentRequest>;

export const UpdateContentRequest = z
  .object({
    url: HttpUrl.optional().describe("A new link: the provider and content type are recognised from it again (a content_type given too wins)"),
    title: z.string().trim().min(1).max(300).optional(),
    ...contentDetails,
  })
  .strict();

/** The most links one import brings in: a browser's whole bookmarks, a Pocket or Raindrop library. */
export const IMPORT_MAX_ITEMS = 20_000;
/** The largest file an import reads (its text, sent in the body). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export const ImportFormat = z
  .enum(["bookmarks_html", "csv", "json"])
  .describe(
    "bookmarks_html: the Netscape bookmark file browsers, Pocket (its older export), Raindrop and Linkwarden export: folders become " +
      "folders, a folder inside one becomes a section of it, TAGS are kept, links under Pocket's 'Read Archive' are done; " +
      "csv: a header row with a url column (url, href or link) and optionally title, description (or excerpt, selection), note, " +
      "highlights ('Highlight: passage' lines, each comment after 'Note:', passages apart by an empty line), folder " +
      "('Outer / Inner'; Instapaper's Unread, Archive and Starred are states), created (or time_added, timestamp: seconds since 1970 or an " +
      "ISO date), tags (a|b, a, b or a JSON list), status (archive, read or done), favorite and private (yes), as Pocket, Raindrop, " +
      "Instapaper and Learnward export (Learnward's status column: each item's state); json: the exports of Karakeep (its notes as notes), Linkwarden, " +
      "Omnivore (its metadata files, highlights when listed) and Learnward (states, notes and highlights). " +
      "A bookmark's PRIVATE=\"1\" or a row's private yes keeps that link private",
  );
export type ImportFormat = z.infer<typeof ImportFormat>;

export const ExportContentQuery = z.object({ format: ImportFormat }).strict();

export const ImportContentRequest = z
  .object({
    format: ImportFormat,
    content: z.string().min(1).max(IMPORT_MAX_BYTES).describe("The file's text"),
    is_private: z.boolean().default(false).describe("Every imported item private (otherwise only those the file marks private)"),
  })
  .strict();
export type ImportContentRequest = z.input<typeof ImportContentRequest>;

export const ImportStatus = z.enum(["queued", "running", "done", "failed"]);

/** An import as its person follows it: sent, worked through by a job, then its summary. */
export const LibraryImport = z.object({
  id: Id,
  format: ImportFormat,
  status: ImportStatus.describe("queued, running, done, or failed (then nothing of it stays in the library)"),
  total: z.number().int().describe("Distinct links read from the file"),
  processed: z.number().int().describe("Links worked through so far"),
  added: z.number().int().describe("Links new to my library, now saved"),
  merged: z.number().int().describe("Links I had saved already, and a link's repeats in the file: one item each, its folders joined"),
  folders_created: z.number().int(),
  skipped: z
    .array(
      z.object({
        line: z.number().int().describe("Where in the file: a row of a CSV, a link's line in a bookmark file, an entry's number in a JSON list"),
        url: z.string(),
        reason: z.enum(["not_a_link", "no_link"]).describe("not_a_link: not an http(s) address; no_link: an entry without one (a note)"),
      }),
    )
    .describe("Entries not imported, the first 100"),
  skipped_count: z.number().int(),
  error: z.string().nullable().describe("Why it failed, as an error code"),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type LibraryImport = z.infer<typeof LibraryImport>;
export const LibraryImportList = z.object({ results: z.array(LibraryImport).describe("My latest imports, newest first") });

export const IdPrimaryQuery = z.object({ id_primary: IdText });
export const CourseRef = z.object({ id_course: IdText });
export const CreateCourseRequest = z.object({
  id_course: Id,
  completed: z.boolean().default(false),
});
export const UpdateCourseRequest = z.object({ completed: z.boolean() });
/** Moves one of my saved items to a state its type takes (statesFor), or to none (null). */
export const SetItemStateRequest = z.object({
  state: ItemState.nullable().describe("wishlist, running or finalized; a job: saved, applied or closed; null: no state"),
});
export type SetItemStateRequest = z.infer<typeof SetItemStateRequest>;

export const VerifierQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: DrfPageSize(VERIFIER_PAGE_SIZE, VERIFIER_PAGE_SIZE),
  type: ContentType.optional(),
  id_content__in: z.string().max(1000).optional().describe(`Comma list of 1 to ${VERIFIER_MAX_IDS} catalog ids`),
});

/** Folders with sections (names ours; spec §3 Folder relation). */
export const Folder = z.object({
  id: z.number().int(),
  name: z.string(),
  count: z.number().int().describe("Items in the folder"),
  created_at: z.string(),
});
export const FolderSection = z.object({ id: z.number().int(), id_folder: z.number().int(), name: z.string(), position: z.number().int() });
export const FolderNameRequest = z.object({ name: z.string().trim().min(1).max(120) }).strict();

export const FolderRelation = z.object({
  id: z.number().int(),
  id_folder: z.number().int(),
  id_section: z.number().int().nullable(),
  priority: z.number().int().describe("1-based position in its folder or section list"),
  content: ContentItem,
});
export type FolderRelation = z.infer<typeof FolderRelation>;
export const FolderRelationQuery = z.object({
  id_folder__id: IdText,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: DrfPageSize(FOLDER_PAGE_SIZE, 100),
  without_section: QueryBool.describe("true: only the items outside every section"),
  id_section: IdText.optional(),
});
export const UpdateFolderRelationRequest = z
  .object({
    priority: z.number().int().min(1).max(100_000).optional(),
    id_section: Id.nullable().optional(),
  })
  .strict()
  .refine((b) => b.priority !== undefined || b.id_section !== undefined, { message: "Give a priority or an id_section" });
/** DELETE /api/contentuser/delete/: what was removed, and where it sat in my folders (to undo). */
export const DeleteContentResponse = z.object({
  id_primary: z.number().int(),
  folder_relations: z
    .array(z.object({ id_folder: z.number().int(), id_section: z.number().int().nullable(), priority: z.number().int() }))
    .describe("The item's places in my folders when it was removed; an undo adds it back at each (POST /api/user/folder_relation/create_content/)"),
});
export type DeleteContentResponse = z.infer<typeof DeleteContentResponse>;

export const CreateFolderContentRequest = z
  .object({
    id_folder: Id,
    id_section: Id.nullable().optional(),
    priority: z.number().int().min(1).max(100_000).optional(),
    id_primary: Id.optional().describe("Add an item already in my library"),
    id_content: idContentOrNull.optional(),
    url: HttpUrl.optional(),
    title: z.string().trim().max(300).optional(),
    content_type: ContentType.optional(),
    author: z.string().trim().max(200).nullable().optional(),
    duration_s: durationSeconds.nullable().optional(),
    description: z.string().trim().max(5000).nullable().optional(),
  })
  .strict()
  .refine((b) => b.id_primary !== undefined || b.id_content !== undefined || b.url !== undefined, {
    message: "Give an id_primary, an id_content or a url",
    path: ["url"],
  });

export const PreviewContentRequest = z.object({ url: HttpUrl }).strict();
/** What saving this URL would store, read from the page; fields are null when the page can't be read. */
export const ContentPreview = z.object({
  url: z.string(),
  content_type: ContentType,
  provider: z.string().nullable(),
  title: z.string().nullable(),
  author: z.string().nullable(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  duration_s: z.number().int().nullable(),
  readable: z.boolean().describe("false when the page could not be read"),
});
export type ContentPreview = z.infer<typeof ContentPreview>;

/** spec §3 user content and course state counts, in one answer. */
export const ContentCountsQuery = z.object({
  username: z.string().trim().min(1).max(80).optional().describe("Another person of the same company"),
  search: z.string().max(200).optional().describe("Count only what matches; a leading # is stripped (#word: my tag, as the search reads it)"),
  tag: TagFilter,
});
const count = z.number().int();
const readingCounts = z.object({ wishlist: count, running: count, finalized: count });
export const ContentCounts = z.object({
  articlesCount: z.number().int(),
  videosCount: z.number().int(),
  booksCount: z.number().int(),
  podcastsCount: z.number().int(),
  coursesCount: z.number().int(),
  allContentCount: z.number().int().describe("article, video, book, podcast and course"),
  jobsCount: z.number().int().describe("saved jobs (listed with contenType=job, or all,job)"),
  runningCount: z.number().int().describe("courses running (contenType=course&completed=false)"),
  finalizedCount: z.number().int().describe("courses finalized (contenType=course&completed=true)"),
  wishlistCount: z.number().int().describe("courses on the wishlist (contenType=course&is_wishlist=true)"),
  allCount: z.number().int().describe("running + finalized + wishlist"),
  states: z
    .object({
      article: readingCounts,
      video: readingCounts,
      book: readingCounts,
      podcast: readingCounts,
      course: readingCounts,
      job: z.object({ saved: count, applied: count, closed: count }),
    })
    .describe("Items of each type in each state: the totals of contenType=<type>&state=<state>"),
});
export type ContentCounts = z.infer<typeof ContentCounts>;
/** The tab and course-list counts: every count of ContentCounts but the per-state ones. */
export type TabCountKey = Exclude<keyof ContentCounts, "states">;
/** An L&D leader hides a catalog item (junk) or merges a duplicate into the item to keep. */
export const CuratedCatalogItem = z.object({
  id: z.number().int(),
  hidden_at: z.string().nullable().describe("When the item left discover and the copilot; null once shown again"),
  merged_into_id: z.number().int().nullable().describe("The item this duplicate was merged into"),
});
export type CuratedCatalogItem = z.infer<typeof CuratedCatalogItem>;

export const MergeCatalogItemRequest = z.object({
  into_id: Id.describe("The catalog item to keep (same company, not hidden)"),
});
export type MergeCatalogItemRequest = z.infer<typeof MergeCatalogItemRequest>;

export const MergeCatalogItemResponse = CuratedCatalogItem.extend({
  moved: z
    .object({
      collection_items: z.number().int().describe("Collection (and so plan) entries now pointing at the kept item"),
      collection_duplicates_removed: z.number().int().describe("Entries dropped because the collection already held the kept item"),
      saves: z.number().int().describe("People's saves moved to the kept item (those who had saved both keep both copies)"),
      progress: z.number().int().describe("Done marks moved to the kept item"),
    })
    .describe("What now points at the kept item"),
});
export type MergeCatalogItemResponse = z.infer<typeof MergeCatalogItemResponse>;
