import { FOLDER_PAGE_SIZE, NO_STATE_COUNTS, type ContentCounts, type ItemState } from "@learnward/contracts";
import { isApiError, request } from "../../lib/api";
import type { OperationBody } from "../../lib/apiPaths";
import { checkedBy } from "../../lib/contracts";
import type { CourseMoveStep } from "./courseMoves";
import { contentCountsQuery, contentSearchQuery, type LibraryQuery } from "./query";

// The library's calls (spec §7 /api/contentuser/…), each answer checked against its contract. No zod
// here: /home's first data is asked for from these while the page's code downloads (app/router.tsx).

// As docs/openapi.json has them: the server would take a duration as a string of digits too, but this
// app sends seconds as a number.
export type SaveContent = OperationBody<"/api/contentuser/save", "POST">;
export type UpdateContent = OperationBody<"/api/contentuser/{id}", "PATCH">;
export type AddToFolder = OperationBody<"/api/user/folder_relation/create_content", "POST">;
/** A folder's lists: the items without a section (null) or one section's items. */
export type ListId = number | null;

const checkContentCounts = checkedBy((s) => s.ContentCounts);
const checkContentSearchResponse = checkedBy((s) => s.ContentSearchResponse);
const checkContentPreview = checkedBy((s) => s.ContentPreview);
const checkContentItem = checkedBy((s) => s.ContentItem);
const checkDeleteContentResponse = checkedBy((s) => s.DeleteContentResponse);
const checkFolderList = checkedBy((s) => s.Folder.array());
const checkSectionList = checkedBy((s) => s.FolderSection.array());
const checkFolderItemsPage = checkedBy((s) => s.Paginated(s.FolderRelation));
const checkFolder = checkedBy((s) => s.Folder);
const checkFolderSection = checkedBy((s) => s.FolderSection);
const checkFolderRelation = checkedBy((s) => s.FolderRelation);

export const EMPTY_COUNTS: ContentCounts = {
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
  states: NO_STATE_COUNTS,
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
export const fetchContentCounts = (username: string | undefined, search: string, tag: string | undefined, signal?: AbortSignal) =>
  orEmptyForColleague(
    username,
    () => request("/api/contentuser/counts", { query: contentCountsQuery(username, search, tag), parse: checkContentCounts, signal }),
    EMPTY_COUNTS,
  );

/** GET /api/contentuser/search: one page of 8 (spec §9); never more than is shown. */
export const searchContent = (query: LibraryQuery, signal?: AbortSignal) =>
  orEmptyForColleague(
    query.username,
    () => request("/api/contentuser/search", { query: contentSearchQuery(query), signal, parse: checkContentSearchResponse }),
    EMPTY_PAGE,
  );

/** POST /api/contentuser/preview/: what saving a URL would store (fields null when unreadable). */
export const previewContent = (url: string) => request("/api/contentuser/preview/", { method: "POST", body: { url }, parse: checkContentPreview });

/** POST /api/contentuser/save/; 409 means it is already in the library (spec §8: the error is rethrown). */
export const saveContent = (body: SaveContent) => request("/api/contentuser/save/", { method: "POST", body, parse: checkContentItem });

/** PATCH /api/contentuser/{id}/ with the changed fields only. */
export const updateContent = (id: number, changes: UpdateContent) =>
  request(`/api/contentuser/${id}/`, { method: "PATCH", body: changes, parse: checkContentItem });

/** PATCH /api/contentuser/{id}/state/: my item to a state its type takes, or to none (null). */
export const setItemState = (id: number, state: ItemState | null) =>
  request(`/api/contentuser/${id}/state/`, { method: "PATCH", body: { state }, parse: checkContentItem });

/** DELETE /api/contentuser/delete/?id_primary= (spec §7: then it leaves the lists). */
export const deleteContent = (idPrimary: number) =>
  request("/api/contentuser/delete/", { method: "DELETE", query: { id_primary: idPrimary }, parse: checkDeleteContentResponse });

// ---- Folders (spec §7 /api/user/folder…) ----

/** GET /api/user/folder/ */
export const fetchFolders = (signal?: AbortSignal) => request("/api/user/folder/", { parse: checkFolderList, signal });

/** GET /api/user/folder/{id}/section/ */
export const fetchSections = (folderId: number, signal?: AbortSignal) => request(`/api/user/folder/${folderId}/section/`, { parse: checkSectionList, signal });

/**
 * GET /api/user/folder_relation/: one list of a folder by priority, 15 a page (spec §9);
 * without_section=true for the folder's own list, id_section for a section.
 */
export const fetchFolderItems = (folderId: number, list: ListId, page: number, signal?: AbortSignal) =>
  request("/api/user/folder_relation/", {
    query: { id_folder__id: folderId, page, page_size: FOLDER_PAGE_SIZE, ...(list === null ? { without_section: true } : { id_section: list }) },
    parse: checkFolderItemsPage,
    signal,
  });

export const createFolder = (name: string) => request("/api/user/folder/", { method: "POST", body: { name }, parse: checkFolder });
export const renameFolder = (id: number, name: string) => request(`/api/user/folder/${id}/`, { method: "PATCH", body: { name }, parse: checkFolder });
export const deleteFolder = (id: number) => request(`/api/user/folder/${id}/`, { method: "DELETE" });

const sectionsPath = (folderId: number) => `/api/user/folder/${folderId}/section` as const;
export const createSection = (folderId: number, name: string) =>
  request(`${sectionsPath(folderId)}/`, { method: "POST", body: { name }, parse: checkFolderSection });
export const renameSection = (folderId: number, id: number, name: string) =>
  request(`${sectionsPath(folderId)}/${id}/`, { method: "PATCH", body: { name }, parse: checkFolderSection });
export const deleteSection = (folderId: number, id: number) => request(`${sectionsPath(folderId)}/${id}/`, { method: "DELETE" });

/** POST /api/user/folder_relation/create_content/: an item of my library (id_primary) or a new URL. */
export const addToFolder = (body: AddToFolder) => request("/api/user/folder_relation/create_content/", { method: "POST", body, parse: checkFolderRelation });

/** PATCH /api/user/folder_relation/{id}/ {priority} (and {id_section} when it changes list). */
export const moveFolderItem = (id: number, priority: number | undefined, section: ListId | undefined) =>
  request(`/api/user/folder_relation/${id}/`, {
    method: "PATCH",
    body: { ...(priority === undefined ? {} : { priority }), ...(section === undefined ? {} : { id_section: section }) },
    parse: checkFolderRelation,
  });

/** DELETE /api/user/folder_relation/{id}/: out of the folder, still in the library. */
export const removeFromFolder = (id: number) => request(`/api/user/folder_relation/${id}/`, { method: "DELETE" });

// ---- Course states (spec §4; the order of a move's calls is courseMoves.ts's) ----

/** One call of a course move: the wishlist or course entry of `idCourse` deleted, created or updated. */
export function runCourseMoveStep(step: CourseMoveStep, idCourse: number): Promise<unknown> {
  switch (step.method) {
    case "DELETE":
      return request(step.path, { method: "DELETE", query: { id_course: idCourse } });
    case "PATCH":
      return request(step.path, { method: "PATCH", query: { id_course: idCourse }, body: { completed: step.completed } });
    case "POST":
      return request(step.path, {
        method: "POST",
        body: step.path === "/api/user/courses" ? { id_course: idCourse, completed: step.completed } : { id_course: idCourse },
      });
  }
}
