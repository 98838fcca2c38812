import { CONTENT_PAGE_SIZE, JOB_STATES, READING_STATES, type ContentCounts, type TabCountKey } from "@learnward/contracts";

/**
 * The library's place in the address and the spec §7 calls it makes, without React or zod: /home's
 * first data is declared from these (queries.ts) and fetched while its code downloads (app/router.tsx).
 */

/** Every cached answer about my library starts with this key: a change to it reloads them all. */
export const libraryKey = ["library"] as const;
/** My folders, under the library key: deleting or editing saved content reloads the folders that show it. */
export const foldersKey = [...libraryKey, "folders"] as const;

/** The type tabs of the library (spec §3 lists, and saved jobs: PRODUCT.md), and what each sends as contenType. */
export const LIBRARY_TABS = ["all", "article", "video", "book", "podcast", "course", "job"] as const;
export type LibraryTab = (typeof LIBRARY_TABS)[number];
/** Course filters of the courses tab: spec §3 course state lists. */
export const COURSE_FILTERS = ["all", "running", "finalized", "wishlist"] as const;
export type CourseFilter = (typeof COURSE_FILTERS)[number];
/**
 * The state filters of every other tab (?state=): all, then each state its types take, in the order
 * an item goes through them. The All tab filters by the reading states, which every type but jobs takes.
 */
export const STATE_FILTERS = {
  all: ["all", ...READING_STATES],
  article: ["all", ...READING_STATES],
  video: ["all", ...READING_STATES],
  book: ["all", ...READING_STATES],
  podcast: ["all", ...READING_STATES],
  job: ["all", ...JOB_STATES],
} as const satisfies Record<Exclude<LibraryTab, "course">, readonly string[]>;
export type StateFilter = "all" | (typeof READING_STATES)[number] | (typeof JOB_STATES)[number];
/** The types whose items the All tab's state filters count. */
const READING_TYPES = ["article", "video", "book", "podcast", "course"] as const;

/** How many items of a tab a state filter shows, from the counts' per-state totals (a filter of all: undefined, the tab's own count). */
export function stateCount(counts: ContentCounts, tab: Exclude<LibraryTab, "course">, state: StateFilter): number | undefined {
  if (state === "all") return undefined;
  const states = counts.states as Record<string, Record<string, number>>;
  if (tab === "all") return READING_TYPES.reduce((sum, type) => sum + (states[type]?.[state] ?? 0), 0);
  return states[tab]?.[state] ?? 0;
}
export const FOLDERS_TAB = "folders";
export type TabValue = LibraryTab | typeof FOLDERS_TAB;

/**
 * What each tab asks for as contenType. spec §7's 'all' is the five learning types; the All tab
 * also lists saved jobs (a saved job was in no list at all).
 */
const TAB_TYPES: Record<LibraryTab, string> = {
  all: "all,job",
  article: "article",
  video: "video",
  book: "book",
  podcast: "podcast",
  course: "course",
  job: "job",
};

/** Which spec §3 counts add up to each tab's list. */
export const TAB_COUNT: Record<LibraryTab, readonly TabCountKey[]> = {
  all: ["allContentCount", "jobsCount"],
  article: ["articlesCount"],
  video: ["videosCount"],
  book: ["booksCount"],
  podcast: ["podcastsCount"],
  course: ["coursesCount"],
  job: ["jobsCount"],
};
export const COURSE_COUNT: Record<CourseFilter, TabCountKey> = {
  all: "coursesCount",
  running: "runningCount",
  finalized: "finalizedCount",
  wishlist: "wishlistCount",
};

export interface LibraryQuery {
  /** Another person of the same company; their public saves (PRODUCT.md). */
  username?: string;
  tab: LibraryTab;
  course: CourseFilter;
  /** The state filter of a tab but the courses' (which keeps the spec's course lists). */
  state: StateFilter;
  search: string;
  /** Only my items carrying this tag of mine (by name). */
  tag?: string;
  page: number;
  /** The rest of a search: the items it finds in their page's text alone (in=text). */
  inText?: boolean;
}

const isTab = (value: string | null, withFolders: boolean): value is TabValue =>
  (LIBRARY_TABS as readonly string[]).includes(value ?? "") || (withFolders && value === FOLDERS_TAB);
const isCourseFilter = (value: string | null): value is CourseFilter => (COURSE_FILTERS as readonly string[]).includes(value ?? "");

/** The library's place in the URL (?tab, ?course, ?state, ?q, ?tag, ?page), so a reload or a shared link keeps it. */
export function libraryLocation(params: URLSearchParams, withFolders: boolean) {
  const tabParam = params.get("tab");
  const courseParam = params.get("course");
  const tab = isTab(tabParam, withFolders) ? tabParam : ("all" as const);
  const stateParam = params.get("state");
  const states: readonly string[] = tab === "course" || tab === FOLDERS_TAB ? [] : STATE_FILTERS[tab];
  return {
    tab,
    course: isCourseFilter(courseParam) ? courseParam : ("all" as const),
    state: (stateParam !== null && states.includes(stateParam) ? stateParam : "all") as StateFilter,
    search: params.get("q") ?? "",
    // Tags are the owner's own: a colleague's library is never filtered by one.
    tag: (withFolders && params.get("tag")?.trim()) || undefined,
    page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
  };
}

/**
 * spec §7 search parameters: a course list is contenType=course with is_wishlist or completed; the
 * other tabs' state filters ask with state.
 */
export function contentSearchQuery({ username, tab, course, state, search, tag, page, inText }: LibraryQuery) {
  return {
    page,
    page_size: CONTENT_PAGE_SIZE,
    contenType: TAB_TYPES[tab],
    username,
    search: search.trim() || undefined,
    tag: tag || undefined,
    is_wishlist: tab === "course" && course === "wishlist" ? true : undefined,
    completed: tab === "course" && (course === "running" || course === "finalized") ? course === "finalized" : undefined,
    state: tab !== "course" && state !== "all" ? state : undefined,
    ...(inText ? { in: "text" as const } : {}),
  };
}

/** The page of one of my saved items. */
export const itemPath = (idPrimary: number) => `/home/item/${idPrimary}`;

export const contentCountsQuery = (username: string | undefined, search: string, tag?: string) => ({
  username,
  search: search.trim() || undefined,
  tag: tag || undefined,
});
