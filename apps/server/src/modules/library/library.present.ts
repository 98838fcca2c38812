import { type ContentItem, type ContentItemDetail, courseStatusOf } from "@learnward/contracts";
import { presentContentDetails } from "../../lib/content-details.ts";
import type { UserContentRow } from "./content.repo.ts";

/** A saved item as the spec's calls answer it (spec §3 Content item). */
export const presentContent = (r: Omit<UserContentRow, "search">): ContentItem => ({
  id_primary: r.id,
  id_content: r.contentId,
  ...presentContentDetails(r),
  is_private: r.isPrivate,
  // The spec's field keeps the spec's values: a job's own states show in `state` alone.
  course_status: courseStatusOf(r.courseStatus),
  completed: r.courseStatus === "running" ? false : r.courseStatus === "finalized" ? true : null,
  state: r.courseStatus,
  created_at: r.createdAt.toISOString(),
  metadata_pending: r.metadataPending,
});

/** A saved item's page: the item, my folders that hold it, and the colleagues who saved it too. */
export const presentItemDetail = (d: {
  row: Omit<UserContentRow, "search">;
  folders: { id: number; name: string }[];
  savers: { rows: { username: string; displayName: string; image: string | null }[]; count: number };
}): ContentItemDetail => ({
  ...presentContent(d.row),
  folders: d.folders,
  saved_by: {
    count: d.savers.count,
    results: d.savers.rows.map((s) => ({ username: s.username, display_name: s.displayName, avatar_url: s.image })),
  },
});

export const presentFolder = (f: { id: number; name: string; count: number; createdAt: Date }) => ({
  id: f.id,
  name: f.name,
  count: f.count,
  created_at: f.createdAt.toISOString(),
});
export const presentSection = (s: { id: number; folderId: number; name: string; position: number }) => ({
  id: s.id,
  id_folder: s.folderId,
  name: s.name,
  position: s.position,
});
/** A folder's item; with `tags`, the owner's tags on it (their folder lists show them as their library's lists do). */
export const presentRelation = (r: { id: number; folderId: number; sectionId: number | null; priority: number }, content: UserContentRow, tags?: string[]) => ({
  id: r.id,
  id_folder: r.folderId,
  id_section: r.sectionId,
  priority: r.priority,
  content: tags ? { ...presentContent(content), tags } : presentContent(content),
});
