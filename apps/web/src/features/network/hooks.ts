import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { CollectionDetail } from "@learnward/contracts";
import {
  addItem,
  addSection,
  createCollection,
  decidePublishRequest,
  deleteCollection,
  deleteSection,
  discardDraft,
  markDone,
  moveItem,
  removeItem,
  requestPublish,
  searchCompanyCatalog,
  searchMyLibrary,
  setFollowing,
  updateCollection,
  updateSection,
  type AddItemBody,
  type CollectionFields,
  type PublishRequestsFilter,
} from "./api";
import { collectionOptions, collectionsOptions, networkKeys, publishRequestsOptions } from "./queries";
import type { CollectionsFilter } from "./requests";
import type { CollectionVersion } from "./types";
import { storeAnswer } from "../../lib/storeAnswer";

// Collections, their editing, progress and publish requests. Plans and tasks are in planHooks.ts.

export { PUBLISH_REQUESTS_PAGE_SIZE, type AddItemBody, type CollectionFields, type PublishRequestsFilter } from "./api";
export { networkKeys };

/** GET /api/b2b/v1/collections/: the company library, my collections or the paths I follow. */
export function useCollections(filter: CollectionsFilter, enabled = true) {
  return useQuery({ ...collectionsOptions(filter), enabled });
}

/** A collection; `version` asks for the live one or the draft rather than the server's choice. */
export function useCollection(id: number | null, version?: CollectionVersion) {
  return useQuery({ ...collectionOptions(id ?? 0, version), enabled: id !== null });
}

/** A changed collection: its detail is the answer; every list, task and plan that shows it may be stale. */
function storeDetail(queryClient: QueryClient, detail: CollectionDetail) {
  void queryClient.invalidateQueries({ queryKey: networkKeys.collectionLists });
  return storeAnswer(queryClient, networkKeys.collection(detail.id), detail);
}

function refreshProgress(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: networkKeys.collectionLists });
  void queryClient.invalidateQueries({ queryKey: networkKeys.myTasks });
  void queryClient.invalidateQueries({ queryKey: networkKeys.plans });
}

export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollection,
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
  return useCollectionEdit(id, (body: Partial<CollectionFields>) => updateCollection(id, body));
}

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCollection,
    onSuccess: (_answer, id) => {
      // Forgotten once the page showing it has moved on; removed at once, it would be asked again (404).
      setTimeout(() => queryClient.removeQueries({ queryKey: networkKeys.collection(id) }), 0);
      void queryClient.invalidateQueries({ queryKey: networkKeys.collectionLists });
      void queryClient.invalidateQueries({ queryKey: networkKeys.publishRequests });
    },
  });
}

export function useAddSection(id: number) {
  return useCollectionEdit(id, (title: string) => addSection(id, title));
}

export function useUpdateSection(id: number) {
  return useCollectionEdit(id, ({ sectionId, ...body }: { sectionId: number; title?: string; position?: number }) => updateSection(id, sectionId, body));
}

export function useDeleteSection(id: number) {
  return useCollectionEdit(id, (sectionId: number) => deleteSection(id, sectionId));
}

export function useAddItem(id: number) {
  return useCollectionEdit(id, (body: AddItemBody) => addItem(id, body));
}

/** PATCH …/items/{itemId}/: an item's new section and 1-based position in it. */
export function useMoveItem(id: number) {
  return useCollectionEdit(id, ({ itemId, ...body }: { itemId: number; section_id: number | null; position: number }) => moveItem(id, itemId, body));
}

export function useRemoveItem(id: number) {
  return useCollectionEdit(id, (itemId: number) => removeItem(id, itemId));
}

/** DELETE …/draft/: the owner's changes to a published collection are dropped (a pending review of them is withdrawn). */
export function useDiscardDraft(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => discardDraft(id),
    onSuccess: (detail) => {
      void storeDetail(queryClient, detail);
      void queryClient.invalidateQueries({ queryKey: networkKeys.collection(id) });
      void queryClient.invalidateQueries({ queryKey: networkKeys.publishRequests });
    },
  });
}

export function useFollow(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => setFollowing(id, follow),
    onSuccess: (detail) => storeDetail(queryClient, detail),
  });
}

/** POST …/progress/ {item_id, done}: the box turns at once and turns back if the server refuses. */
export function useMarkDone(id: number) {
  const queryClient = useQueryClient();
  const key = networkKeys.collection(id);
  return useMutation({
    mutationKey: networkKeys.progress(id),
    mutationFn: ({ itemId, done }: { itemId: number; done: boolean }) => markDone(id, itemId, done),
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

export function usePublishRequests(filter: PublishRequestsFilter) {
  return useQuery(publishRequestsOptions(filter));
}

function refreshPublishing(queryClient: QueryClient, collectionId: number) {
  void queryClient.invalidateQueries({ queryKey: networkKeys.publishRequests });
  void queryClient.invalidateQueries({ queryKey: networkKeys.collection(collectionId) });
  void queryClient.invalidateQueries({ queryKey: networkKeys.collectionLists });
}

export function useRequestPublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPublish,
    onSuccess: (answer) => refreshPublishing(queryClient, answer.collection.id),
  });
}

/** The L&D leader's decision: accept, or reject with a reason (required by the server too). */
export function useDecidePublishRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: "accept" | "reject"; reason?: string }) => decidePublishRequest(id, decision, reason),
    onSuccess: (answer) => refreshPublishing(queryClient, answer.collection.id),
  });
}

/** GET /api/contentuser/search: my own saves, to add one to a collection. */
export function useLibrarySearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: networkKeys.librarySearch(search),
    queryFn: ({ signal }) => searchMyLibrary(search, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/b2b/v1/discover/?kind=content: the company catalog, to add an item to a collection. */
export function useCatalogSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: networkKeys.catalogSearch(search),
    queryFn: ({ signal }) => searchCompanyCatalog(search, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
