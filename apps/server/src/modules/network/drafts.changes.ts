import type { ContentType, PublishChanges } from "@learnward/contracts";
import type { Revision } from "../../db/schema/index.ts";

type Item = Revision["items"][number];

/** Items as they are shown: unsectioned first, then section by section, each list by position. */
function ordered(r: Revision): Item[] {
  const at = new Map(r.sections.map((s) => [s.key, s.position]));
  const rank = (i: Item) => (i.sectionKey === null ? -Infinity : (at.get(i.sectionKey) ?? Infinity));
  return [...r.items].sort((x, y) => rank(x) - rank(y) || x.position - y.position || x.key - y.key);
}

const sectionTitles = (r: Revision) => [...r.sections].sort((x, y) => x.position - y.position || x.key - y.key).map((s) => s.title);

/** Each of `from` not matched one for one in `to` (titles may repeat). */
function missing(from: string[], to: string[]) {
  const left = [...to];
  return from.filter((x) => {
    const i = left.indexOf(x);
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}

const change = <T>(from: T, to: T) => (from === to ? null : { from, to });
const brief = (i: Item) => ({ id_content: i.contentId, title: i.title, content_type: i.contentType as ContentType });

/**
 * What accepting `draft` changes in `live`, for the L&D leader's review. Sections have no identity
 * across the two versions (the draft holds copies), so they are compared by title: a renamed
 * section shows as removed and added.
 */
export function changesBetween(live: Revision, draft: Revision): PublishChanges {
  const liveItems = ordered(live);
  const draftItems = ordered(draft);
  const inLive = new Set(liveItems.map((i) => i.contentId));
  const inDraft = new Set(draftItems.map((i) => i.contentId));
  const sectionOf = (r: Revision) => {
    const titles = new Map(r.sections.map((s) => [s.key, s.title]));
    return (i: Item) => (i.sectionKey === null ? null : (titles.get(i.sectionKey) ?? null));
  };
  const liveSection = sectionOf(live);
  const draftSection = sectionOf(draft);
  const liveTitles = sectionTitles(live);
  const draftTitles = sectionTitles(draft);

  const keptInLive = liveItems.filter((i) => inDraft.has(i.contentId));
  const keptInDraft = draftItems.filter((i) => inLive.has(i.contentId));
  const itemOrder = keptInLive.some((i, n) => keptInDraft[n]!.contentId !== i.contentId);
  // An item moved to another section that exists in both versions (a renamed section is not a move).
  const draftSectionOf = new Map(keptInDraft.map((i) => [i.contentId, draftSection(i)]));
  const moved = keptInLive.some((i) => {
    const from = liveSection(i);
    const to = draftSectionOf.get(i.contentId)!;
    return from !== to && (from === null || draftTitles.includes(from)) && (to === null || liveTitles.includes(to));
  });
  const keptSections = (a: string[], b: string[]) => a.filter((x) => b.includes(x));
  const sectionOrder = keptSections(liveTitles, draftTitles).join("\u0000") !== keptSections(draftTitles, liveTitles).join("\u0000");

  return {
    title: change(live.title, draft.title),
    description: change(live.description, draft.description),
    cover_url: change(live.coverUrl, draft.coverUrl),
    skills: { added: missing(draft.skills, live.skills), removed: missing(live.skills, draft.skills) },
    sections: { added: missing(draftTitles, liveTitles), removed: missing(liveTitles, draftTitles) },
    items: { added: draftItems.filter((i) => !inLive.has(i.contentId)).map(brief), removed: liveItems.filter((i) => !inDraft.has(i.contentId)).map(brief) },
    reordered: itemOrder || moved || sectionOrder,
  };
}

export function isEmpty(c: PublishChanges) {
  return (
    !c.title &&
    !c.description &&
    !c.cover_url &&
    !c.reordered &&
    [c.skills.added, c.skills.removed, c.sections.added, c.sections.removed, c.items.added, c.items.removed].every((x) => x.length === 0)
  );
}
