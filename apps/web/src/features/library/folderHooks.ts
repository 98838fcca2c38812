import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Folder, FolderRelation, FolderSection, Paginated } from "@learnward/contracts";
import {
  addToFolder,
  createFolder,
  createSection,
  deleteFolder,
  deleteSection,
  fetchFolderItems,
  fetchSections,
  moveFolderItem,
  removeFromFolder,
  renameFolder,
  renameSection,
  type ListId,
} from "./api";
import { refetchWhileReading } from "./pendingItems";
import { foldersOptions } from "./queries";
import { foldersKey, libraryKey } from "./query";

export type Folder = z.infer<typeof Folder>;
export type FolderSection = z.infer<typeof FolderSection>;
export type FolderItemsPage = z.infer<ReturnType<typeof Paginated<typeof FolderRelation>>>;
export { addToFolder, type AddToFolder, type ListId } from "./api";

export { foldersKey };
const folderKey = (folderId: number) => [...foldersKey, folderId] as const;
const sectionsKey = (folderId: number) => [...folderKey(folderId), "sections"] as const;
export const itemsKey = (folderId: number, list: ListId, page: number) => [...folderKey(folderId), "items", list, page] as const;

/** GET /api/user/folder/ */
export function useFolders() {
  return useQuery(foldersOptions());
}

/** GET /api/user/folder/{id}/section/ */
export function useSections(folderId: number) {
  return useQuery({
    queryKey: sectionsKey(folderId),
    queryFn: ({ signal }) => fetchSections(folderId, signal),
  });
}

/**
 * GET /api/user/folder_relation/: one list of a folder by priority, 15 a page (spec §9);
 * without_section=true for the folder's own list, id_section for a section.
 */
export function useFolderItems(folderId: number, list: ListId, page: number) {
  return useQuery({
    queryKey: itemsKey(folderId, list, page),
    queryFn: ({ signal }) => fetchFolderItems(folderId, list, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhileReading((items: Awaited<ReturnType<typeof fetchFolderItems>>) => items.results.map((r) => r.content)),
  });
}

function useReload() {
  const queryClient = useQueryClient();
  return (folderId?: number) => queryClient.invalidateQueries({ queryKey: folderId === undefined ? foldersKey : folderKey(folderId) });
}

/** POST /api/user/folder/, PATCH and DELETE /api/user/folder/{id}/ */
export function useFolderMutations() {
  const reload = useReload();
  const queryClient = useQueryClient();
  const onSuccess = () => reload();
  return {
    create: useMutation({
      mutationFn: createFolder,
      onSuccess,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: number; name: string }) => renameFolder(id, name),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: deleteFolder,
      // Forget the deleted folder's lists first: asking for them again could only answer 404.
      onSuccess: (_answer, id) => {
        queryClient.removeQueries({ queryKey: folderKey(id) });
        return reload();
      },
    }),
  };
}

/** POST /api/user/folder/{id}/section/, PATCH and DELETE …/section/{sectionId}/ */
export function useSectionMutations(folderId: number) {
  const reload = useReload();
  const onSuccess = () => reload(folderId);
  return {
    create: useMutation({
      mutationFn: (name: string) => createSection(folderId, name),
      onSuccess,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: number; name: string }) => renameSection(folderId, id, name),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => deleteSection(folderId, id),
      onSuccess,
    }),
  };
}

export function useAddToFolder() {
  const reload = useReload();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToFolder,
    // A new URL is also saved to the library: its lists and counts change too.
    onSuccess: (_relation, body) => (body.url ? queryClient.invalidateQueries({ queryKey: libraryKey }) : reload()),
  });
}

export interface FolderItemMove {
  id: number;
  /** 1-based position in the target list; left out, the item goes last. */
  priority?: number;
  /** Set only when the item changes list: the section, or null for the folder's own list. */
  section?: ListId;
}

/** PATCH /api/user/folder_relation/{id}/ {priority} (and {id_section} when it changes list). */
export function useMoveFolderItem(folderId: number) {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ id, priority, section }: FolderItemMove) => moveFolderItem(id, priority, section),
    onSettled: () => reload(folderId),
  });
}

/** DELETE /api/user/folder_relation/{id}/: out of the folder, still in the library. */
export function useRemoveFromFolder() {
  const reload = useReload();
  return useMutation({
    mutationFn: removeFromFolder,
    // The folder list shows counts: reload it with the items.
    onSuccess: () => reload(),
  });
}
