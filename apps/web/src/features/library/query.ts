import { CONTENT_PAGE_SIZE, type TabCountKey } from "@learnward/contracts";

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
  search: string;
  /** Only my items carrying this tag of mine (by name). */
  tag?: string;
  page: number;
}

const isTab = (value: string | null, withFolders: boolean): value is TabValue =>
  (LIBRARY_TABS as readonly string[]).includes(value ?? "") || (withFolders && value === FOLDERS_TAB);
const isCourseFilter = (value: string | null): value is CourseFilter => (COURSE_FILTERS as readonly string[]).includes(value ?? "");

/** The library's place in the URL (?tab, ?course, ?q, ?tag, ?page), so a reload or a shared link keeps it. */
export function libraryLocation(params: URLSearchParams, withFolders: boolean) {
  const tabParam = params.get("tab");
  const courseParam = params.get("course");
  return {
    tab: isTab(tabParam, withFolders) ? tabParam : ("all" as const),
    course: isCourseFilter(courseParam) ? courseParam : ("all" as const),
    search: params.get("q") ?? "",
    // Tags are the owner's own: a colleague's library is never filtered by one.
    tag: (withFolders && params.get("tag")?.trim()) || undefined,
    page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
  };
}

/** spec §7 search parameters: a course list is contenType=course with is_wishlist or completed. */
export function contentSearchQuery({ username, tab, course, search, tag, page }: LibraryQuery) {
  return {
    page,
    page_size: CONTENT_PAGE_SIZE,
    contenType: TAB_TYPES[tab],
    username,
    search: search.trim() || undefined,
    tag: tag || undefined,
    is_wishlist: tab === "course" && course === "wishlist" ? true : undefined,
    completed: tab === "course" && (course === "running" || course === "finalized") ? course === "finalized" : undefined,
  };
}

export const contentCountsQuery = (username: string | undefined, search: string, tag?: string) => ({
  username,
  search: search.trim() || undefined,
  tag: tag || undefined,
});
