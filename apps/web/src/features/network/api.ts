import { CONTENT_PAGE_SIZE } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";
import { COLLECTIONS, collectionsQuery, type CollectionsFilter } from "./requests";
import type { CollectionVersion, CreatePlanBody, PublishScope, PublishStatusFilter, SortOrder, TaskStatusFilter } from "./types";

// The collaborative network's calls (collections, publish requests, plans and tasks), each answer
// checked against its contract. No zod here: pages' first data is asked for from these while their
// code downloads (app/router.tsx).

export const PUBLISH_REQUESTS_PAGE_SIZE = 20;
export const TASKS_PAGE_SIZE = 20;
export const PLANS_PAGE_SIZE = 20;
export const ASSIGNEES_PAGE_SIZE = 20;

const checkCollectionsPage = checkedBy((s) => s.Paginated(s.CollectionSummary));
const checkPublishRequestsPage = checkedBy((s) => s.Paginated(s.PublishRequest));
const checkCollectionDetail = checkedBy((s) => s.CollectionDetail);
const checkPublishRequest = checkedBy((s) => s.PublishRequest);
const checkContentSearchResponse = checkedBy((s) => s.ContentSearchResponse);
const checkDiscoverResponse = checkedBy((s) => s.DiscoverResponse);
const checkMyTasksPage = checkedBy((s) => s.Paginated(s.MyTask));
const checkMyTask = checkedBy((s) => s.MyTask);
const checkPlansPage = checkedBy((s) => s.Paginated(s.Plan));
const checkPlan = checkedBy((s) => s.Plan);
const checkAssigneesPage = checkedBy((s) => s.Paginated(s.PlanAssignee));
const checkEmployeesPage = checkedBy((s) => s.Paginated(s.Employee));
const checkTeamsPage = checkedBy((s) => s.Paginated(s.Team));

const collectionPath = (id: number) => `${COLLECTIONS}${id}/` as const;

// ---- Collections ----

/** GET /api/b2b/v1/collections/: the company library, my collections or the paths I follow. */
export const fetchCollections = (filter: CollectionsFilter, signal?: AbortSignal) =>
  request(COLLECTIONS, { query: collectionsQuery(filter), parse: checkCollectionsPage, signal });

/** A collection; `version` asks for the live one or the draft rather than the server's choice. */
export const fetchCollection = (id: number, version?: CollectionVersion, signal?: AbortSignal) =>
  request(collectionPath(id), { query: { version }, parse: checkCollectionDetail, signal });

export interface CollectionFields {
  title: string;
  description: string | null;
  cover_url: string | null;
  skills: string[];
}

export const createCollection = (body: CollectionFields) => request(COLLECTIONS, { method: "POST", body, parse: checkCollectionDetail });
export const updateCollection = (id: number, body: Partial<CollectionFields>) =>
  request(collectionPath(id), { method: "PATCH", body, parse: checkCollectionDetail });
export const deleteCollection = (id: number) => request(collectionPath(id), { method: "DELETE" });

export const addSection = (id: number, title: string) =>
  request(`${collectionPath(id)}sections/`, { method: "POST", body: { title }, parse: checkCollectionDetail });
export const updateSection = (id: number, sectionId: number, body: { title?: string; position?: number }) =>
  request(`${collectionPath(id)}sections/${sectionId}/`, { method: "PATCH", body, parse: checkCollectionDetail });
export const deleteSection = (id: number, sectionId: number) =>
  request(`${collectionPath(id)}sections/${sectionId}/`, { method: "DELETE", parse: checkCollectionDetail });

export type AddItemBody = ({ content_id: number } | { url: string; title?: string }) & { section_id?: number | null };

export const addItem = (id: number, body: AddItemBody) => request(`${collectionPath(id)}items/`, { method: "POST", body, parse: checkCollectionDetail });
/** PATCH …/items/{itemId}/: an item's new section and 1-based position in it. */
export const moveItem = (id: number, itemId: number, body: { section_id: number | null; position: number }) =>
  request(`${collectionPath(id)}items/${itemId}/`, { method: "PATCH", body, parse: checkCollectionDetail });
export const removeItem = (id: number, itemId: number) => request(`${collectionPath(id)}items/${itemId}/`, { method: "DELETE", parse: checkCollectionDetail });

/** DELETE …/draft/: the owner's changes to a published collection are dropped. */
export const discardDraft = (id: number) => request(`${collectionPath(id)}draft/`, { method: "DELETE", parse: checkCollectionDetail });
export const setFollowing = (id: number, follow: boolean) =>
  request(`${collectionPath(id)}follow/`, { method: follow ? "POST" : "DELETE", parse: checkCollectionDetail });
/** POST …/progress/ {item_id, done}. */
export const markDone = (id: number, itemId: number, done: boolean) =>
  request(`${collectionPath(id)}progress/`, { method: "POST", body: { item_id: itemId, done }, parse: checkCollectionDetail });

// ---- Publish requests ----

export interface PublishRequestsFilter {
  scope: PublishScope;
  status: PublishStatusFilter;
  sort: SortOrder;
  page: number;
}

export const fetchPublishRequests = (filter: PublishRequestsFilter, signal?: AbortSignal) =>
  request("/api/b2b/v1/publish-requests/", {
    query: { scope: filter.scope, status: filter.status, sort: filter.sort, page: filter.page, page_size: PUBLISH_REQUESTS_PAGE_SIZE },
    parse: checkPublishRequestsPage,
    signal,
  });

export const requestPublish = (body: { collection_id: number; message?: string }) =>
  request("/api/b2b/v1/publish-requests/", { method: "POST", body, parse: checkPublishRequest });

/** The L&D leader's decision: accept, or reject with a reason (required by the server too). */
export const decidePublishRequest = (id: number, decision: "accept" | "reject", reason?: string) =>
  request(`/api/b2b/v1/publish-requests/${id}/${decision}/`, { method: "POST", body: decision === "reject" ? { reason } : {}, parse: checkPublishRequest });

/** Catalog items a curator picks from: the first page of the company catalog's search, content only. */
export const CATALOG_PICK_SIZE = 10;

/** GET /api/b2b/v1/discover/?kind=content: the company catalog, to add an item to a collection. */
export const searchCompanyCatalog = (search: string, signal?: AbortSignal) =>
  request("/api/b2b/v1/discover/", {
    query: { kind: "content", search: search || undefined, page_size: CATALOG_PICK_SIZE },
    parse: checkDiscoverResponse,
    signal,
  });

/** GET /api/contentuser/search: my own saves, to add one to a collection. */
export const searchMyLibrary = (search: string, signal?: AbortSignal) =>
  request("/api/contentuser/search", {
    query: { contenType: "all", search: search || undefined, page_size: CONTENT_PAGE_SIZE },
    parse: checkContentSearchResponse,
    signal,
  });

// ---- Plans and tasks (spec §3) ----

export const fetchMyTasks = (status: TaskStatusFilter, page: number, signal?: AbortSignal) =>
  request("/api/b2b/v1/my-tasks/", { query: { status, page, page_size: TASKS_PAGE_SIZE }, parse: checkMyTasksPage, signal });

/** Accept (start) or decline a plan assigned to me. */
export const respondToTask = (planId: number, answer: "accept" | "reject") =>
  request(`/api/b2b/v1/my-tasks/${planId}/${answer}/`, { method: "POST", body: {}, parse: checkMyTask });

export const fetchPlans = (page: number, signal?: AbortSignal) =>
  request("/api/b2b/v1/plans/", { query: { page, page_size: PLANS_PAGE_SIZE }, parse: checkPlansPage, signal });

/** A page of a plan's assignees, by name (a team leader gets their own team's people). */
export const fetchPlanAssignees = (planId: number, page: number, signal?: AbortSignal) =>
  request(`/api/b2b/v1/plans/${planId}/assignees/`, { query: { page, page_size: ASSIGNEES_PAGE_SIZE }, parse: checkAssigneesPage, signal });

export const createPlan = (body: CreatePlanBody) => request("/api/b2b/v1/plans/", { method: "POST", body, parse: checkPlan });

/** People a planner may choose: everyone for the L&D leader, a team leader's own team (server-side). */
export const fetchEmployeeOptions = (search: string, signal?: AbortSignal) =>
  request("/api/b2b/v1/employees/", { query: { search: search || undefined, page_size: 20 }, parse: checkEmployeesPage, signal });

/** Teams a planner may choose (a team leader gets their own), searched on the server. */
export const fetchTeamOptions = (search: string, signal?: AbortSignal) =>
  request("/api/b2b/v1/teams/", { query: { search: search || undefined, page_size: 20 }, parse: checkTeamsPage, signal });
