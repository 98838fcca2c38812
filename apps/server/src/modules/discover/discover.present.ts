import { type CopilotItem, type DiscoverContent, courseStatusOf } from "@learnward/contracts";
import { presentContentDetails } from "../../lib/content-details.ts";
import type { SavedCopyRow } from "../library/index.ts";
import type { DiscoverRepo } from "./discover.repo.ts";

export type ContentRow = Awaited<ReturnType<DiscoverRepo["contents"]>>[number];

export function presentDiscoverContent(r: ContentRow): DiscoverContent {
  return {
    kind: "content",
    id_content: r.id,
    ...presentContentDetails(r),
    language: r.language === "es" ? "es" : "en",
    skills: r.skills,
    created_at: r.createdAt.toISOString(),
    savers_count: r.saversCount,
    saved_by: r.savedBy,
    mine: r.mineId !== null ? { id_primary: r.mineId, course_status: courseStatusOf(r.mineStatus) } : null,
  };
}

export function presentCopilotItem(ref: number, r: ContentRow): CopilotItem {
  const c = presentDiscoverContent(r);
  return {
    ref,
    id_content: c.id_content,
    content_type: c.content_type,
    title: c.title,
    url: c.url,
    author: c.author,
    provider: c.provider,
    duration_s: c.duration_s,
    language: c.language,
    skills: c.skills,
    mine: c.mine,
    source: "catalog",
  };
}

/** One of the asker's own saves cited by an answer: their copy as they keep it, marked as from their library. */
export function presentSavedCopilotItem(ref: number, r: SavedCopyRow): CopilotItem {
  const d = presentContentDetails(r);
  return {
    ref,
    id_content: r.contentId,
    content_type: d.content_type,
    title: d.title,
    url: d.url,
    author: d.author,
    provider: d.provider,
    duration_s: d.duration_s,
    language: r.language === "es" ? "es" : "en",
    skills: r.skills,
    mine: { id_primary: r.id, course_status: courseStatusOf(r.courseStatus) },
    source: "library",
  };
}
