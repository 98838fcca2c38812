import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { CONTENT_PAGE_SIZE, type CollectionDetail } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";
import { COLLECTIONS, collectionsQuery, type CollectionsFilter } from "./requests";
import type { CollectionVersion, PublishScope, PublishStatusFilter, SortOrder } from "./types";

// Collections, their editing, progress and publish requests. Plans and tasks are in planHooks.ts.

export const PUBLISH_REQUESTS_PAGE_SIZE = 20;

const checkCollectionsPage = checkedBy((s) => s.Paginated(s.CollectionSummary));
const checkPublishRequestsPage = checkedBy((s) => s.Paginated(s.PublishRequest));
const checkCollectionDetail = checkedBy((s) => s.CollectionDetail);
const checkPublishRequest = checkedBy((s) => s.PublishRequest);
const checkContentSearchResponse = checkedBy((s) => s.ContentSearchResponse);

const collectionPath = (id: number) => `${COLLECTIONS}${id}/`;

export const networkKeys = {
  all: ["network"] as const,
  collections: ["network", "collections"] as const,
  collectionLists: ["network", "collections", "list"] as const,
  collectionList: (query: CollectionsFilter) => ["network", "collections", "list", query] as const,
  /** What the server answers by default (the owner's draft, if any); every version of it lives under this key. */
  collection: (id: number) => ["network", "collections", "detail", id] as const,
  collectionVersion: (id: number, version: CollectionVersion) => ["network", "collections", "detail", id, version] as const,
  progress: (id: number) => ["network", "progress", id] as const,
  publishRequests: ["network", "publish-requests"] as const,
  publishRequestList: (query: PublishRequestsFilter) => ["network", "publish-requests", query] as const,
  myTasks: ["network", "my-tasks"] as const,
  plans: ["network", "plans"] as const,
  librarySearch: (search: string) => ["network", "library-search", search] as const,
};

/** GET /api/b2b/v1/collections/: the company library, my collections or the paths I follow. */
export function useCollections(filter: CollectionsFilter, enabled = true) {
  return useQuery({
    queryKey: networkKeys.collectionList(filter),
    queryFn: ({ signal }) =>
      request(COLLECTIONS, {
        query: collectionsQuery(filter),
        parse: checkCollectionsPage,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A collection; `version` asks for the live one or the draft rather than the server's choice (issue 22). */
export function useCollection(id: number | null, version?: CollectionVersion) {
  return useQuery({
    queryKey: version ? networkKeys.collectionVersion(id ?? 0, version) : networkKeys.collection(id ?? 0),
    queryFn: ({ signal }) => request(collectionPath(id!), { query: { version }, parse: checkCollectionDetail, signal }),
    enabled: id !== null,
  });
}

/** A changed collection: its detail is the answer; every list, task and plan that shows it may be stale. */
function storeDetail(queryClient: QueryClient, detail: CollectionDetail) {
  queryClient.setQueryData(networkKeys.collection(detail.id), detail);
  void queryClient.invalidateQueries({ queryKey: networkKeys.collectionLists });
}

function refreshProgress(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: networkKeys.collectionLists });
  void queryClient.invalidateQueries({ queryKey: networkKeys.myTasks });
  void queryClient.invalidateQueries({ queryKey: networkKeys.plans });
}

export interface CollectionFields {
  title: string;
  description: string | null;
  cover_url: string | null;
  skills: string[];
}

export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectionFields) => request(COLLECTIONS, { method: "POST", body, parse: checkCollectionDetail }),
    onSuccess: (detail) => storeDetail(queryClient, detail),
  });
}

/** Every edit of one collection answers its new detail; they share this. */
function useCollectionEdit<V>(id: number, call: (variables: V) => Promise<CollectionDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => storeDetail(queryClient, detail),
    // A failed move leaves the list as the server has it, not as it was dragged.
    onError: () => void queryClient.invalidateQueries({ queryKey: networkKeys.collection(id) }),
  });
}

export function useUpdateCollection(id: number) {
  return useCollectionEdit(id, (body: Partial<CollectionFields>) =>
    request(collectionPath(id), { method: "PATCH", body, parse: checkCollectionDetail }),
  );
}

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(collectionPath(id), { method: "DELETE" }),
    onSuccess: (_answer, id) => {
      // Forgotten once the page showing it has moved on; removed at once, it would be asked again (404).
      setTimeout(() => queryClient.removeQueries({ queryKey: networkKeys.collection(id) }), 0);
      void queryClient.invalidateQueries({ queryKey: networkKeys.collectionLists });
      void queryClient.invalidateQueries({ queryKey: networkKeys.publishRequests });
    },
  });
}

export function useAddSection(id: number) {
  return useCollectionEdit(id, (title: string) =>
    request(`${collectionPath(id)}sections/`, { method: "POST", body: { title }, parse: checkCollectionDetail }),
  );
}

export function useUpdateSection(id: number) {
  return useCollectionEdit(id, ({ sectionId, ...body }: { sectionId: number; title?: string; position?: number }) =>
    request(`${collectionPath(id)}sections/${sectionId}/`, { method: "PATCH", body, parse: checkCollectionDetail }),
  );
}

export function useDeleteSection(id: number) {
  return useCollectionEdit(id, (sectionId: number) =>
    request(`${collectionPath(id)}sections/${sectionId}/`, { method: "DELETE", parse: checkCollectionDetail }),
  );
}

export type AddItemBody = ({ content_id: number } | { url: string; title?: string }) & { section_id?: number | null };

export function useAddItem(id: number) {
  return useCollectionEdit(id, (body: AddItemBody) =>
    request(`${collectionPath(id)}items/`, { method: "POST", body, parse: checkCollectionDetail }),
  );
}

/** PATCH …/items/{itemId}/: an item's new section and 1-based position in it. */
export function useMoveItem(id: number) {
  return useCollectionEdit(id, ({ itemId, ...body }: { itemId: number; section_id: number | null; position: number }) =>
    request(`${collectionPath(id)}items/${itemId}/`, { method: "PATCH", body, parse: checkCollectionDetail }),
  );
}

export function useRemoveItem(id: number) {
  return useCollectionEdit(id, (itemId: number) =>
    request(`${collectionPath(id)}items/${itemId}/`, { method: "DELETE", parse: checkCollectionDetail }),
  );
}

/** DELETE …/draft/: the owner's changes to a published collection are dropped (a pending review of them is withdrawn). */
export function useDiscardDraft(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(`${collectionPath(id)}draft/`, { method: "DELETE", parse: checkCollectionDetail }),
    onSuccess: (detail) => {
      storeDetail(queryClient, detail);
      void queryClient.invalidateQueries({ queryKey: networkKeys.collection(id) });
      void queryClient.invalidateQueries({ queryKey: networkKeys.publishRequests });
    },
  });
}

export function useFollow(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      request(`${collectionPath(id)}follow/`, { method: follow ? "POST" : "DELETE", parse: checkCollectionDetail }),
    onSuccess: (detail) => storeDetail(queryClient, detail),
  });
}

/** POST …/progress/ {item_id, done}: the box turns at once and turns back if the server refuses. */
export function useMarkDone(id: number) {
  const queryClient = useQueryClient();
  const key = networkKeys.collection(id);
  return useMutation({
    mutationKey: networkKeys.progress(id),
    mutationFn: ({ itemId, done }: { itemId: number; done: boolean }) =>
      request(`${collectionPath(id)}progress/`, { method: "POST", body: { item_id: itemId, done }, parse: checkCollectionDetail }),
    onMutate: async ({ itemId, done }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<CollectionDetail>(key);
      if (before) {
        const items = before.items.map((item) => (item.id === itemId ? { ...item, done } : item));
        queryClient.setQueryData<CollectionDetail>(key, { ...before, items, progress: { done: items.filter((i) => i.done).length, total: items.length } });
      }
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (detail) => {
      // While another box's call is on its way, this answer would undo its tick: the last answer wins.
      if (queryClient.isMutating({ mutationKey: networkKeys.progress(id) }) <= 1) queryClient.setQueryData(key, detail);
    },
    onSettled: () => {
      refreshProgress(queryClient);
      // Once the last tick is answered, read the collection again: answers may have crossed.
      if (queryClient.isMutating({ mutationKey: networkKeys.progress(id) }) <= 1) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export interface PublishRequestsFilter {
  scope: PublishScope;
  status: PublishStatusFilter;
  sort: SortOrder;
  page: number;
}

export function usePublishRequests(filter: PublishRequestsFilter) {
  return useQuery({
    queryKey: networkKeys.publishRequestList(filter),
    queryFn: ({ signal }) =>
      request("/api/b2b/v1/publish-requests/", {
        query: { scope: filter.scope, status: filter.status, sort: filter.sort, page: filter.page, page_size: PUBLISH_REQUESTS_PAGE_SIZE },
        parse: checkPublishRequestsPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function refreshPublishing(queryClient: QueryClient, collectionId: number) {
  void queryClient.invalidateQueries({ queryKey: networkKeys.publishRequests });
  void queryClient.invalidateQueries({ queryKey: networkKeys.collection(collectionId) });
  void queryClient.invalidateQueries({ queryKey: networkKeys.collectionLists });
}

export function useRequestPublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { collection_id: number; message?: string }) =>
      request("/api/b2b/v1/publish-requests/", { method: "POST", body, parse: checkPublishRequest }),
    onSuccess: (answer) => refreshPublishing(queryClient, answer.collection.id),
  });
}

/** The L&D leader's decision: accept, or reject with a reason (required by the server too). */
export function useDecidePublishRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: "accept" | "reject"; reason?: string }) =>
      request(`/api/b2b/v1/publish-requests/${id}/${decision}/`, {
        method: "POST",
        body: decision === "reject" ? { reason } : {},
        parse: checkPublishRequest,
      }),
    onSuccess: (answer) => refreshPublishing(queryClient, answer.collection.id),
  });
}

/** GET /api/contentuser/search: my own saves, to add one to a collection. */
export function useLibrarySearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: networkKeys.librarySearch(search),
    queryFn: ({ signal }) =>
      request("/api/contentuser/search", {
        query: { contenType: "all", search: search || undefined, page_size: CONTENT_PAGE_SIZE },
        parse: checkContentSearchResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
