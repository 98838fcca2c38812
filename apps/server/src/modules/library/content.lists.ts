import { ALL_CONTENT_TYPES, type ContentCounts, type ContentType, type ItemState, statesFor } from "@learnward/contracts";

/**
 * One of the library's lists: the types it holds and, for a course list, the states. The search
 * (spec §7) and the counts (spec §3) both read these, so a count is always the length of its list
 * (a non-course on the wishlist was counted in the course tab's wishlist but not listed).
 */
export interface LibraryList {
  types: readonly ContentType[];
  courseStatuses?: readonly ItemState[];
}

/** spec §7 contenType: a comma list where 'all' means the five types of ALL_CONTENT_TYPES; other listed types are added ('all,job'). */
export function requestedTypes(contenType: string): string[] {
  const listed = contenType
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const expanded = listed.flatMap((type) => (type === "all" ? [...ALL_CONTENT_TYPES] : [type]));
  return [...new Set(expanded)];
}

/** spec §7 search parameters: is_wishlist, or completed true (finalized) / false (running); a state, for every type, wins over both. */
export function libraryList(types: readonly ContentType[], q: { is_wishlist?: boolean; completed?: boolean; state?: ItemState }): LibraryList {
  const courseStatuses: readonly ItemState[] | undefined = q.state
    ? [q.state]
    : q.is_wishlist === true
      ? ["wishlist"]
      : q.completed === true
        ? ["finalized"]
        : q.completed === false
          ? ["running"]
          : undefined;
  return courseStatuses ? { types, courseStatuses } : { types };
}

/** The list each spec §3 count measures: the same parameters the web app's tabs and course filters send. */
export const COUNTED_LISTS = {
  articlesCount: libraryList(["article"], {}),
  videosCount: libraryList(["video"], {}),
  booksCount: libraryList(["book"], {}),
  podcastsCount: libraryList(["podcast"], {}),
  coursesCount: libraryList(["course"], {}),
  jobsCount: libraryList(["job"], {}),
  allContentCount: libraryList(ALL_CONTENT_TYPES, {}),
  runningCount: libraryList(["course"], { completed: false }),
  finalizedCount: libraryList(["course"], { completed: true }),
  wishlistCount: libraryList(["course"], { is_wishlist: true }),
  // spec §3: running + finalized + wishlist.
  allCount: { types: ["course"], courseStatuses: ["running", "finalized", "wishlist"] },
} satisfies Record<Exclude<keyof ContentCounts, "states">, LibraryList>;

type StateCounts = ContentCounts["states"];
/** The list each count of `states` measures: contenType=<type>&state=<state>, for every state the type takes. */
export const STATE_LISTS = Object.fromEntries(
  (["article", "video", "book", "podcast", "course", "job"] as const satisfies readonly (keyof StateCounts)[]).map((type) => [
    type,
    Object.fromEntries(statesFor(type).map((state) => [state, libraryList([type], { state })])),
  ]),
) as { [T in keyof StateCounts]: Record<keyof StateCounts[T], LibraryList> };
