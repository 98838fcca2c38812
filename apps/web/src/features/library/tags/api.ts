import { request } from "../../../lib/api";
import { checkedBy } from "../../../lib/contracts";

// A person's tags (/api/contentuser/tags…, PUT /api/contentuser/{id}/tags), each answer checked
// against its contract, the schemas loaded on first use.

const checkTagList = checkedBy((s) => s.TagList);
const checkTagSuggestions = checkedBy((s) => s.TagSuggestions);
const checkItemTags = checkedBy((s) => s.ItemTags);
const checkRenamed = checkedBy((s) => s.RenameTagResponse);
const checkTag = checkedBy((s) => s.Tag);
const checkDeleted = checkedBy((s) => s.DeleteTagResponse);

/** GET /api/contentuser/tags: all my tags by name, with how many items carry each. */
export const fetchTags = (signal?: AbortSignal) => request("/api/contentuser/tags", { parse: checkTagList, signal });

/** GET /api/contentuser/tags/suggest?q=: my tags first, then the catalog's skills. */
export const suggestTags = (q: string, signal?: AbortSignal) => request("/api/contentuser/tags/suggest", { query: { q }, parse: checkTagSuggestions, signal });

/** PUT /api/contentuser/{id}/tags: the item's whole list of tags. */
export const setItemTags = (itemId: number, tags: string[]) =>
  request(`/api/contentuser/${itemId}/tags`, { method: "PUT", body: { tags }, parse: checkItemTags });

/** PATCH /api/contentuser/tags/{id}: a new name (another tag's name merges into it). */
export const renameTag = (id: number, name: string) => request(`/api/contentuser/tags/${id}`, { method: "PATCH", body: { name }, parse: checkRenamed });

/** POST /api/contentuser/tags/merge: these tags' items get the kept one, and they go. */
export const mergeTags = (tagIds: number[], intoTagId: number) =>
  request("/api/contentuser/tags/merge", { method: "POST", body: { tag_ids: tagIds, into_tag_id: intoTagId }, parse: checkTag });

/** DELETE /api/contentuser/tags/{id}: the tag goes, its items stay. */
export const deleteTag = (id: number) => request(`/api/contentuser/tags/${id}`, { method: "DELETE", parse: checkDeleted });
