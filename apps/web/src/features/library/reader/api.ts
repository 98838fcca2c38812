import { request } from "../../../lib/api";
import { checkedBy } from "../../../lib/contracts";
import { libraryKey } from "../query";

const checkItemText = checkedBy((s) => s.ItemText);

/** The reader view's query key: under the library's, so what changes the library reads it again. */
export const itemTextKey = (itemId: number) => [...libraryKey, "text", itemId] as const;

/** GET /api/contentuser/{id}/text: the readable text kept from my saved item's page. */
export const fetchItemText = (itemId: number, signal?: AbortSignal) => request(`/api/contentuser/${itemId}/text`, { parse: checkItemText, signal });
