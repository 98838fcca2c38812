import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { FirstData } from "../../app/firstData";
import { fetchContentCounts, fetchFolders, searchContent } from "./api";
import { refetchWhileReading } from "./pendingItems";
import { contentSearchQuery, FOLDERS_TAB, foldersKey, libraryKey, libraryLocation, type LibraryQuery } from "./query";

// The library's queries, declared once: the page's hooks read them, and the router and the server
// render fetch a page's first ones from the same options (app/firstData.ts).

/** spec §3 counts of my (or a colleague's) library for a search term, and of my items with a tag. */
export const contentCountsOptions = (username: string | undefined, search = "", tag?: string) =>
  queryOptions({
    queryKey: [...libraryKey, "counts", username ?? null, search.trim(), ...(tag ? [tag] : [])] as const,
    queryFn: ({ signal }) => fetchContentCounts(username, search, tag, signal),
    placeholderData: keepPreviousData,
  });

/** One page of a library list; read again while an item it shows is still having its page read. */
export const contentSearchOptions = (query: LibraryQuery) =>
  queryOptions({
    queryKey: [...libraryKey, "search", contentSearchQuery(query)] as const,
    queryFn: ({ signal }) => searchContent(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhileReading((page: Awaited<ReturnType<typeof searchContent>>) => page.results),
  });

/** GET /api/user/folder/: my folders. */
export const foldersOptions = () => queryOptions({ queryKey: foldersKey, queryFn: ({ signal }) => fetchFolders(signal) });

/**
 * /home and /profile/:username first show the counts and the list the address opens on (on my
 * folders tab, my folders).
 */
export const homeFirstData: FirstData = ({ search, params }) => {
  const username = params.username;
  const { tab, course, state, search: term, tag, page } = libraryLocation(search, username === undefined);
  if (tab === FOLDERS_TAB) return [contentCountsOptions(username, term, tag), foldersOptions()];
  return [contentCountsOptions(username, term, tag), contentSearchOptions({ username, tab, course, state, search: term, tag, page })];
};
