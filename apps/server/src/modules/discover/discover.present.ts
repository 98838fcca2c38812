import { type CopilotItem, type DiscoverContent, courseStatusOf } from "@learnward/contracts";
import { presentContentDetails } from "../../lib/content-details.ts";
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
  };
}
