import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { CONTENT_TYPES } from "@learnward/contracts";
import type { FirstData } from "../../app/firstData";
import { fetchCollection, fetchCollections, fetchMyTasks, fetchPlans, fetchPublishRequests, type PublishRequestsFilter } from "./api";
import { collectionsQuery, FOLLOWING_PAGE_SIZE, pageOf, type CollectionsFilter } from "./requests";
import type { CollectionVersion, TaskStatusFilter } from "./types";

export const networkKeys = {
  all: ["network"] as const,
  collections: ["network", "collections"] as const,
  collectionLists: ["network", "collections", "list"] as const,
  // By the call's parameters: a filter left empty and one never set are the same list.
  collectionList: (filter: CollectionsFilter) => ["network", "collections", "list", collectionsQuery(filter)] as const,
  /** What the server answers by default (the owner's draft, if any); every version of it lives under this key. */
  collection: (id: number) => ["network", "collections", "detail", id] as const,
  collectionVersion: (id: number, version: CollectionVersion) => ["network", "collections", "detail", id, version] as const,
  progress: (id: number) => ["network", "progress", id] as const,
  publishRequests: ["network", "publish-requests"] as const,
  publishRequestList: (query: PublishRequestsFilter) => ["network", "publish-requests", query] as const,
  myTasks: ["network", "my-tasks"] as const,
  plans: ["network", "plans"] as const,
  librarySearch: (search: string) => ["network", "library-search", search] as const,
  catalogSearch: (search: string) => ["network", "catalog-search", search] as const,
};

/** GET /api/b2b/v1/collections/: the company library, my collections or the paths I follow. */
export const collectionsOptions = (filter: CollectionsFilter) =>
  queryOptions({ queryKey: networkKeys.collectionList(filter), queryFn: ({ signal }) => fetchCollections(filter, signal), placeholderData: keepPreviousData });

/** A collection; `version` asks for the live one or the draft rather than the server's choice. */
export const collectionOptions = (id: number, version?: CollectionVersion) =>
  queryOptions({
    queryKey: version ? networkKeys.collectionVersion(id, version) : networkKeys.collection(id),
    queryFn: ({ signal }) => fetchCollection(id, version, signal),
  });

export const publishRequestsOptions = (filter: PublishRequestsFilter) =>
  queryOptions({
    queryKey: networkKeys.publishRequestList(filter),
    queryFn: ({ signal }) => fetchPublishRequests(filter, signal),
    placeholderData: keepPreviousData,
  });

export const myTasksOptions = (status: TaskStatusFilter, page: number) =>
  queryOptions({
    queryKey: [...networkKeys.myTasks, { status, page }] as const,
    queryFn: ({ signal }) => fetchMyTasks(status, page, signal),
    placeholderData: keepPreviousData,
  });

export const plansOptions = (page: number) =>
  queryOptions({
    queryKey: [...networkKeys.plans, "list", { page }] as const,
    queryFn: ({ signal }) => fetchPlans(page, signal),
    placeholderData: keepPreviousData,
  });

// The address's filters as the pages read them (useFilterParams).
const listFilter = (search: URLSearchParams) => {
  const type = CONTENT_TYPES.find((value) => value === search.get("type"));
  return { search: search.get("q") ?? "", skill: search.get("skill") ?? "", type };
};

/** /collaborative-network: the paths I follow and the company's paths. */
export const learningPathsFirstData: FirstData = ({ search }) => {
  return [
    collectionsOptions({ scope: "following", pageSize: FOLLOWING_PAGE_SIZE, page: pageOf(search.get("fpage")) }),
    collectionsOptions({ scope: "library", page: pageOf(search.get("page")), ...listFilter(search) }),
  ];
};

/** /collaborative-network/library: my collections, or the company's (?tab=company); not the editor (?edit=). */
export const libraryFirstData: FirstData = ({ search }) => {
  if (search.get("edit") !== null) return [];
  const page = pageOf(search.get("page"));
  return [
    search.get("tab") === "company" ? collectionsOptions({ scope: "library", page, ...listFilter(search) }) : collectionsOptions({ scope: "mine", page }),
  ];
};

/** /collaborative-network/collections/{id}/{slug}: the collection, in the version the address asks for. */
export const collectionFirstData: FirstData = ({ params, search }) => {
  const id = /^\d{1,10}$/.test(params.id ?? "") ? Number(params.id) : 0;
  if (id < 1 || id > 2_147_483_647) return [];
  const asked = search.get("version");
  return [collectionOptions(id, asked === "live" || asked === "draft" ? asked : undefined)];
};

/** /collaborative-network/myTasks: my tasks (unfiltered), or for planners the plans tab. */
export const myTasksFirstData: FirstData = ({ search, me }) => {
  const page = pageOf(search.get("page"));
  if (search.get("tab") === "plans") return me?.abilities.assign_plans ? [plansOptions(page)] : [];
  return search.get("status") ? [] : [myTasksOptions("all", page)];
};

/** /collaborative-network/publishRequest: the L&D leader's queue or my requests, unfiltered and newest first. */
export const publishRequestsFirstData: FirstData = ({ search, me }) => {
  if (!me || search.get("status") || search.get("sort")) return [];
  const canDecide = me.abilities.decide_publish_requests;
  const asked = search.get("scope");
  const scope = canDecide ? (asked === "mine" ? "mine" : "queue") : "mine";
  return [publishRequestsOptions({ scope, status: "all", sort: "desc", page: pageOf(search.get("page")) })];
};
