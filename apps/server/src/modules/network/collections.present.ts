import { collectionSlug, type CollectionSummary } from "@learnward/contracts";
import type { Actor } from "../../lib/actor.ts";
import type { CollectionsRepo } from "./collections.repo.ts";
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
  };
}

export function presentDetail(actor: Actor, s: Summary, sections: Sections, items: Items) {
  return {
    ...presentSummary(s),
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
      edit: networkPolicy.editCollection(actor, s.c),
      request_publish: networkPolicy.requestPublish(actor, s.c),
      follow: networkPolicy.follow(actor, s.c),
    },
  };
}
