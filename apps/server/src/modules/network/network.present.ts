import type { z } from "zod";
import { type AssigneeStatus, collectionSlug, type CollectionSummary, type PublishRequest } from "@learnward/contracts";
import type { Actor } from "../../lib/actor.ts";
import type { CollectionsRepo } from "./collections.repo.ts";
import type { DraftState } from "./drafts.repo.ts";
import type { PlanRow, PlansRepo } from "./plans.repo.ts";
import type { PublishRequestRow } from "./publish.repo.ts";
import { networkPolicy } from "./network.policy.ts";

type Summary = NonNullable<Awaited<ReturnType<CollectionsRepo["summary"]>>>;
type Items = Awaited<ReturnType<CollectionsRepo["items"]>>;
type Sections = Awaited<ReturnType<CollectionsRepo["sections"]>>;

export function presentSummary(s: Summary): CollectionSummary {
  const c = s.c;
  return {
    id: c.id,
    slug: collectionSlug(c.title),
    title: c.title,
    description: c.description,
    cover_url: c.coverUrl,
    skills: c.skills,
    status: c.status,
    owner: { id: c.ownerId, display_name: s.ownerName },
    items_count: s.itemsCount,
    duration_s: s.durationS,
    types: s.types as CollectionSummary["types"],
    following: s.following,
    progress: { done: s.done, total: s.itemsCount },
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    has_draft: s.hasDraft,
  };
}

/** What one answer shows: the live collection, or its draft (with its own summary, sections and items). */
export interface Shown {
  version: "live" | "draft";
  summary: Summary;
  sections: Sections;
  items: Items;
}

/** `live` decides who it is and what one may do; `shown` what it holds. `draft` is null unless the actor may read it. */
export function presentDetail(actor: Actor, live: Summary, shown: Shown, draft: DraftState | null) {
  const { summary: s, sections, items } = shown;
  const withDraft = { ...live.c, draft };
  // A draft row has its own id, status and follows: those stay the live collection's.
  const { id: _id, status: _status, owner: _owner, following: _following, created_at: _created, has_draft: _hasDraft, ...drafted } = presentSummary(s);
  return {
    ...presentSummary(live),
    ...(shown.version === "draft" ? drafted : {}),
    version: shown.version,
    draft: draft && { state: draft.state, reason: draft.reason, request_id: draft.requestId, updated_at: draft.updatedAt.toISOString() },
    sections: sections.map((x) => ({ id: x.id, title: x.title, position: x.position })),
    items: items.map(({ item, content, done, idPrimary }) => ({
      id: item.id,
      section_id: item.sectionId,
      position: item.position,
      done,
      content: {
        id_primary: idPrimary,
        id_content: content.id,
        content_type: content.contentType,
        title: content.title,
        url: content.url,
        author: content.author,
        duration_s: content.durationS,
        description: content.description,
        image_url: content.imageUrl,
        provider: content.provider,
        created_at: content.createdAt.toISOString(),
      },
    })),
    // The web app gates its buttons with these instead of re-deriving the rules (STYLE.md).
    abilities: {
      edit: networkPolicy.editCollection(actor, live.c),
      request_publish: networkPolicy.requestPublish(actor, live.c),
      follow: networkPolicy.follow(actor, live.c),
      submit_draft: networkPolicy.submitDraft(actor, withDraft),
      discard_draft: networkPolicy.discardDraft(actor, withDraft),
    },
  };
}

/** A publish request as the API answers it. */
export function presentPublishRequest(x: PublishRequestRow): z.infer<typeof PublishRequest> {
  return {
    id: x.r.id,
    kind: x.r.kind,
    collection: { id: x.r.collectionId, title: x.title, slug: collectionSlug(x.title) },
    status: x.r.status,
    message: x.r.message,
    reason: x.r.reason,
    requested_by: { id: x.r.requestedBy, display_name: x.askerName },
    decided_by: x.r.decidedBy !== null && x.deciderName !== null ? { id: x.r.decidedBy, display_name: x.deciderName } : null,
    decided_at: x.r.decidedAt?.toISOString() ?? null,
    created_at: x.r.createdAt.toISOString(),
    changes: x.r.changes,
  };
}

type Assignee = Awaited<ReturnType<PlansRepo["assignees"]>>[number];
type PlanDetails = Awaited<ReturnType<PlansRepo["details"]>>;
type Progress = { done: number; total: number; percent: number };

/** A plan's assignee with their status and progress (plans.service.ts decides both). */
export const presentPlanAssignee = (a: Assignee, s: { status: AssigneeStatus; overdue: boolean; progress: Progress; skills: Record<string, Progress> }) => ({
  account: {
    id: a.accountId,
    display_name: a.name,
    email: a.email,
    team: a.teamId !== null && a.teamName !== null ? { id: a.teamId, name: a.teamName } : null,
  },
  via_team: !a.direct,
  status: s.status,
  overdue: s.overdue,
  progress: s.progress,
  skills: s.skills,
});

/** A plan with its skills' collections, teams and creator, given the details of the plans being answered. */
export const presentPlanWith = (details: PlanDetails) => (p: PlanRow) => {
  // Skills are people's words (spec §3): a Map, so "constructor" or "__proto__" is a skill like any other.
  const skills = new Map<string, { id: number; title: string; slug: string }[]>();
  for (const s of details.skills.filter((x) => x.planId === p.id))
    skills.set(s.skill, [...(skills.get(s.skill) ?? []), { id: s.id, title: s.title, slug: collectionSlug(s.title) }]);
  const creator = details.creators.find((c) => c.planId === p.id)!;
  return {
    id: p.id,
    title: p.title,
    deadline: p.deadline,
    skills: Object.fromEntries(
      [...skills].map(([skill, collections]) => [
        skill,
        { collections, target_level: details.targets.find((t) => t.planId === p.id && t.skill === skill)?.level ?? null },
      ]),
    ),
    teams: details.teams.filter((t) => t.planId === p.id).map((t) => ({ id: t.id, name: t.name })),
    created_by: { id: creator.id, display_name: creator.name },
    created_at: p.createdAt.toISOString(),
  };
};
