import { queryOptions } from "@tanstack/react-query";
import { request } from "../../../lib/api";
import { checkedBy } from "../../../lib/contracts";
import { libraryKey } from "../query";

// The item page's call. Under the library's key: a move, an edit or a delete anywhere reloads it.

const checkItemDetail = checkedBy((s) => s.ContentItemDetail);

/** GET /api/contentuser/{id}/: one of my saved items with my folders that hold it and who else saved it. */
export const fetchLibraryItem = (id: number, signal?: AbortSignal) => request(`/api/contentuser/${id}/`, { parse: checkItemDetail, signal });

export const libraryItemOptions = (id: number) =>
  queryOptions({ queryKey: [...libraryKey, "item", id] as const, queryFn: ({ signal }) => fetchLibraryItem(id, signal) });
