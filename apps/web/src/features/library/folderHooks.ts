import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { FOLDER_PAGE_SIZE, type CreateFolderContentRequest, type Folder, type FolderRelation, type FolderSection, type Paginated } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";
import { libraryKey } from "./query";

export type Folder = z.infer<typeof Folder>;
export type FolderSection = z.infer<typeof FolderSection>;
export type FolderItemsPage = z.infer<ReturnType<typeof Paginated<typeof FolderRelation>>>;
export type AddToFolder = z.input<typeof CreateFolderContentRequest>;

const checkFolderList = checkedBy((s) => s.Folder.array());
const checkSectionList = checkedBy((s) => s.FolderSection.array());
const checkFolderItemsPage = checkedBy((s) => s.Paginated(s.FolderRelation));
const checkFolder = checkedBy((s) => s.Folder);
const checkFolderSection = checkedBy((s) => s.FolderSection);
const checkFolderRelation = checkedBy((s) => s.FolderRelation);

/** A folder's lists: the items without a section (null) or one section's items. */
export type ListId = number | null;

// Under the library key: deleting or editing saved content reloads the folders that show it.
export const foldersKey = [...libraryKey, "folders"] as const;
const folderKey = (folderId: number) => [...foldersKey, folderId] as const;
const sectionsKey = (folderId: number) => [...folderKey(folderId), "sections"] as const;
export const itemsKey = (folderId: number, list: ListId, page: number) => [...folderKey(folderId), "items", list, page] as const;

/** GET /api/user/folder/ */
export function useFolders() {
  return useQuery({ queryKey: foldersKey, queryFn: () => request("/api/user/folder/", { parse: checkFolderList }) });
}

/** GET /api/user/folder/{id}/section/ */
export function useSections(folderId: number) {
  return useQuery({
    queryKey: sectionsKey(folderId),
    queryFn: () => request(`/api/user/folder/${folderId}/section/`, { parse: checkSectionList }),
  });
}

/**
 * GET /api/user/folder_relation/: one list of a folder by priority, 15 a page (spec §9);
 * without_section=true for the folder's own list, id_section for a section.
 */
export function useFolderItems(folderId: number, list: ListId, page: number) {
  return useQuery({
    queryKey: itemsKey(folderId, list, page),
    queryFn: () =>
      request("/api/user/folder_relation/", {
        query: {
          id_folder__id: folderId,
          page,
          page_size: FOLDER_PAGE_SIZE,
          ...(list === null ? { without_section: true } : { id_section: list }),
        },
        parse: checkFolderItemsPage,
      }),
    placeholderData: keepPreviousData,
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
      mutationFn: (name: string) => request("/api/user/folder/", { method: "POST", body: { name }, parse: checkFolder }),
      onSuccess,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: number; name: string }) =>
        request(`/api/user/folder/${id}/`, { method: "PATCH", body: { name }, parse: checkFolder }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => request(`/api/user/folder/${id}/`, { method: "DELETE" }),
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
  const base = `/api/user/folder/${folderId}/section`;
  return {
    create: useMutation({
      mutationFn: (name: string) => request(`${base}/`, { method: "POST", body: { name }, parse: checkFolderSection }),
      onSuccess,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: number; name: string }) =>
        request(`${base}/${id}/`, { method: "PATCH", body: { name }, parse: checkFolderSection }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => request(`${base}/${id}/`, { method: "DELETE" }),
      onSuccess,
    }),
  };
}

/** POST /api/user/folder_relation/create_content/: an item of my library (id_primary) or a new URL. */
export const addToFolder = (body: AddToFolder) =>
  request("/api/user/folder_relation/create_content/", { method: "POST", body, parse: checkFolderRelation });

export function useAddToFolder() {
  const reload = useReload();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToFolder,
    // A new URL is also saved to the library: its lists and counts change too.
    onSuccess: (_relation, body) =>
      body.url ? queryClient.invalidateQueries({ queryKey: libraryKey }) : reload(),
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
    mutationFn: ({ id, priority, section }: FolderItemMove) =>
      request(`/api/user/folder_relation/${id}/`, {
        method: "PATCH",
        body: { ...(priority === undefined ? {} : { priority }), ...(section === undefined ? {} : { id_section: section }) },
        parse: checkFolderRelation,
      }),
    onSettled: () => reload(folderId),
  });
}

/** DELETE /api/user/folder_relation/{id}/: out of the folder, still in the library. */
export function useRemoveFromFolder() {
  const reload = useReload();
  return useMutation({
    mutationFn: (id: number) => request(`/api/user/folder_relation/${id}/`, { method: "DELETE" }),
    // The folder list shows counts: reload it with the items.
    onSuccess: () => reload(),
  });
}
