import { HIGHLIGHT_PAGE_SIZE } from "@learnward/contracts";
import { request } from "../../../lib/api";
import type { OperationBody } from "../../../lib/apiPaths";
import { checkedBy } from "../../../lib/contracts";
import { libraryKey } from "../query";

// A saved item's note and highlights (/api/contentuser/{id}/note, …/highlights), each answer checked
// against its contract. The owner alone reaches them; the server answers anyone else not found.

export type AddHighlight = OperationBody<"/api/contentuser/{id}/highlights", "POST">;
export type EditHighlight = OperationBody<"/api/contentuser/highlights/{highlightId}", "PATCH">;

const checkItemNote = checkedBy((s) => s.ItemNote);
const checkHighlight = checkedBy((s) => s.Highlight);
const checkHighlightPage = checkedBy((s) => s.Paginated(s.Highlight));

/** Under the library's key: deleting or restoring the item reloads them. */
export const itemNoteKey = (itemId: number) => [...libraryKey, "item", itemId, "note"] as const;
export const itemHighlightsKey = (itemId: number) => [...libraryKey, "item", itemId, "highlights"] as const;

export const fetchItemNote = (itemId: number, signal?: AbortSignal) => request(`/api/contentuser/${itemId}/note/`, { parse: checkItemNote, signal });

/** PUT the whole note; an empty one clears it. */
export const putItemNote = (itemId: number, note: string) =>
  request(`/api/contentuser/${itemId}/note/`, { method: "PUT", body: { note }, parse: checkItemNote });

export const fetchHighlights = (itemId: number, page: number, signal?: AbortSignal) =>
  request(`/api/contentuser/${itemId}/highlights/`, { query: { page, page_size: HIGHLIGHT_PAGE_SIZE }, parse: checkHighlightPage, signal });

export const addHighlight = (itemId: number, body: AddHighlight) =>
  request(`/api/contentuser/${itemId}/highlights/`, { method: "POST", body, parse: checkHighlight });

export const editHighlight = (id: number, body: EditHighlight) =>
  request(`/api/contentuser/highlights/${id}/`, { method: "PATCH", body, parse: checkHighlight });

export const deleteHighlight = (id: number) => request(`/api/contentuser/highlights/${id}/`, { method: "DELETE", parse: checkHighlight });
