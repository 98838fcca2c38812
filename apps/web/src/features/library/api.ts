import type { ContentCounts, SaveContentRequest, UpdateContentRequest } from "@learnward/contracts";
import type { z } from "zod";
import { isApiError, request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";
import { contentCountsQuery, contentSearchQuery, type LibraryQuery } from "./query";

// The library's calls (spec §7 /api/contentuser/…), each answer checked against its contract. No zod
// here: /home's first data is asked for from these while the page's code downloads (app/router.tsx).

export type UpdateContent = z.input<typeof UpdateContentRequest>;

const checkContentCounts = checkedBy((s) => s.ContentCounts);
const checkContentSearchResponse = checkedBy((s) => s.ContentSearchResponse);
const checkContentPreview = checkedBy((s) => s.ContentPreview);
const checkContentItem = checkedBy((s) => s.ContentItem);
const checkDeleteContentResponse = checkedBy((s) => s.DeleteContentResponse);

const EMPTY_COUNTS: ContentCounts = {
  articlesCount: 0,
  videosCount: 0,
  booksCount: 0,
  podcastsCount: 0,
  coursesCount: 0,
  allContentCount: 0,
  jobsCount: 0,
  runningCount: 0,
  finalizedCount: 0,
  wishlistCount: 0,
  allCount: 0,
};
const EMPTY_PAGE = { count: 0, results: [], links: { next: null, previous: null } };

/**
 * spec §8: loading another person's content falls back to empty lists and zero counts. A 404 is
 * kept (the person does not exist in this company) so the page can say so.
 */
async function orEmptyForColleague<T>(username: string | undefined, load: () => Promise<T>, empty: T): Promise<T> {
  if (!username) return load();
  try {
    return await load();
  } catch (error) {
    if (isApiError(error, "not_found")) throw error;
    console.error(`Could not load ${username}'s library`, error);
    return empty;
  }
}

/** GET /api/contentuser/counts: spec §3 counts, for a search term when one is given. */
export const fetchContentCounts = (username: string | undefined, search: string, signal?: AbortSignal) =>
  orEmptyForColleague(username, () => request("/api/contentuser/counts", { query: contentCountsQuery(username, search), parse: checkContentCounts, signal }), EMPTY_COUNTS);

/** GET /api/contentuser/search: one page of 8 (spec §9); never more than is shown. */
export const searchContent = (query: LibraryQuery, signal?: AbortSignal) =>
  orEmptyForColleague(query.username, () => request("/api/contentuser/search", { query: contentSearchQuery(query), signal, parse: checkContentSearchResponse }), EMPTY_PAGE);

/** POST /api/contentuser/preview/: what saving a URL would store (fields null when unreadable). */
export const previewContent = (url: string) => request("/api/contentuser/preview/", { method: "POST", body: { url }, parse: checkContentPreview });

/** POST /api/contentuser/save/; 409 means it is already in the library (spec §8: the error is rethrown). */
export const saveContent = (body: SaveContentRequest) => request("/api/contentuser/save/", { method: "POST", body, parse: checkContentItem });

/** PATCH /api/contentuser/{id}/ with the changed fields only. */
export const updateContent = (id: number, changes: UpdateContent) =>
  request(`/api/contentuser/${id}/`, { method: "PATCH", body: changes, parse: checkContentItem });

/** DELETE /api/contentuser/delete/?id_primary= (spec §7: then it leaves the lists). */
export const deleteContent = (idPrimary: number) =>
  request("/api/contentuser/delete/", { method: "DELETE", query: { id_primary: idPrimary }, parse: checkDeleteContentResponse });
