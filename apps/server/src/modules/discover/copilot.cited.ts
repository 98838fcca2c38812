import { collectionSlug, type CopilotMessage } from "@learnward/contracts";
import type { StoredAnswer } from "../../db/schema/index.ts";
import { type Actor, requireCompany } from "../../lib/actor.ts";
import type { ContentService, SavedCopyRow } from "../library/index.ts";
import type { CopilotRepo, MessageRow } from "./copilot.repo.ts";
import type { DiscoverRepo } from "./discover.repo.ts";
import { presentCopilotItem, presentSavedCopilotItem } from "./discover.present.ts";
import type { PriorItems } from "./copilot/engine.ts";
import type { PriorItem } from "./copilot/reference.ts";

// The items a conversation's answers cite, read back as they are now: catalog items from the
// catalog, the asker's own saves from their library only.

export const collectionUrl = (id: number, title: string) => `/collaborative-network/collections/${id}/${collectionSlug(title)}`;
export const byRef = <T extends { ref: number }>(items: T[]) => [...items].sort((a, b) => a.ref - b.ref);

export function createCitedItems({
  repo,
  discover,
  library,
}: {
  repo: Pick<CopilotRepo, "collectionTitles" | "answerBefore">;
  discover: Pick<DiscoverRepo, "contents">;
  library: Pick<ContentService, "savedCopies">;
}) {
  async function presentMessages(actor: Actor, rows: MessageRow[]): Promise<CopilotMessage[]> {
    const cited = rows.flatMap((r) => r.answer?.items ?? []);
    const ids = [...new Set(cited.filter((i) => i.source !== "library").map((i) => i.id))];
    const savedIds = [...new Set(cited.filter((i) => i.source === "library").map((i) => i.id))];
    const [contents, copies, titles] = await Promise.all([
      discover.contents(requireCompany(actor), actor.accountId, ids),
      // Read from the asker's own library (the conversation is theirs alone): a save deleted since leaves the answer.
      library.savedCopies(actor, savedIds),
      repo.collectionTitles(rows.flatMap((r) => (r.collectionId !== null ? [r.collectionId] : []))),
    ]);
    const byId = new Map(contents.map((c) => [c.id, c]));
    const copyOf = new Map<number, SavedCopyRow>(copies.map((c) => [c.contentId, c]));
    const present = ({ ref, id, source }: StoredAnswer["items"][number]) => {
      if (source === "library") return copyOf.has(id) ? [presentSavedCopilotItem(ref, copyOf.get(id)!)] : [];
      return byId.has(id) ? [presentCopilotItem(ref, byId.get(id)!)] : [];
    };
    return rows.map((r) => {
      const a = r.answer;
      const title = r.collectionId !== null ? titles.get(r.collectionId) : undefined;
      return {
        id: r.id,
        role: r.role,
        content: r.content,
        language: r.language,
        created_at: r.createdAt.toISOString(),
        engine: r.engine,
        fallback: a?.fallback ?? null,
        found: a ? a.found : null,
        // An item deleted from the catalog since leaves the answer; its number stays in the text.
        items: (a?.items ?? []).flatMap(present),
        plan: a?.plan ?? null,
        suggestions: a?.suggestions ?? [],
        collection: r.collectionId !== null && title !== undefined ? { id: r.collectionId, title, url: collectionUrl(r.collectionId, title) } : null,
      };
    });
  }

  /**
   * The items of the conversation's answer before `beforeId`, as "which of those…" reads them (the
   * list an answer picked among, when it picked): catalog items as the catalog has them now, the
   * asker's own saves read from their library only.
   */
  const priorItems =
    (actor: Actor, conversationId: number, beforeId: number): PriorItems =>
    async () => {
      const answer = (await repo.answerBefore(conversationId, beforeId))?.answer;
      if (!answer) return null;
      const stored = answer.among ?? answer.items;
      const catalogIds = stored.filter((i) => i.source !== "library").map((i) => i.id);
      const savedIds = stored.filter((i) => i.source === "library").map((i) => i.id);
      const [contents, copies] = await Promise.all([
        discover.contents(requireCompany(actor), actor.accountId, catalogIds),
        library.savedCopies(actor, savedIds),
      ]);
      const byId = new Map(contents.map((c) => [c.id, c]));
      const copyOf = new Map(copies.map((c) => [c.contentId, c]));
      return byRef(stored).flatMap(({ ref, id, source }): PriorItem[] => {
        if (source === "library") {
          const c = copyOf.get(id);
          return c
            ? [
                {
                  ref,
                  id,
                  source: "library" as const,
                  title: c.title,
                  contentType: c.contentType,
                  durationS: c.durationS,
                  language: c.language,
                  skills: c.skills,
                  provider: c.provider,
                  createdAt: null,
                },
              ]
            : [];
        }
        const c = byId.get(id);
        return c
          ? [
              {
                ref,
                id,
                source: "catalog" as const,
                title: c.title,
                contentType: c.contentType,
                durationS: c.durationS,
                language: c.language,
                skills: c.skills ?? [],
                provider: c.provider,
                createdAt: c.createdAt,
              },
            ]
          : [];
      });
    };

  return { presentMessages, priorItems };
}
