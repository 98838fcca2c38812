import { HIGHLIGHTS_PER_ITEM_MAX } from "@learnward/contracts";
import type { Db, Tx } from "../../db/client.ts";
import { type Actor, authorize, requireCompany } from "../../lib/actor.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { normaliseUrl } from "../../lib/providers.ts";
import type { ContentRepo, UserContentRow } from "./content.repo.ts";
import type { ContentService } from "./content.service.ts";
import { libraryPolicy } from "./library.policy.ts";
import type { NotesRepo } from "./notes.repo.ts";

export interface HighlightInput {
  text: string;
  comment?: string | null;
  position?: number | null;
}

/**
 * A person's notes and highlights on their saved items. Every call names an item (or a highlight)
 * by id, and only its owner reaches it: anyone else's, a colleague's or another company's, is not
 * found, and nothing changes.
 */
export function createNotesService(deps: { db: Db; repo: NotesRepo; content: ContentRepo; contentService: ContentService }) {
  const { db, repo } = deps;

  /** The caller's saved item `id`, or not found. */
  async function ownItem(actor: Actor, id: number, tx?: Tx) {
    const item = tx ? await repo.lockItem(tx, id) : await repo.item(id);
    if (!item) throw notFound("Content");
    authorize(actor, libraryPolicy.keepItemNotes, item, "not_found");
    return item;
  }

  async function ownHighlight(actor: Actor, tx: Tx, id: number) {
    const row = await repo.highlight(tx, id);
    if (!row) throw notFound("Highlight");
    authorize(actor, libraryPolicy.keepItemNotes, row, "not_found");
    return row;
  }

  /** Adds a highlight to the caller's item, in the caller's transaction, within the bound per item (the item locked, so two adds can't both pass it). */
  async function add(tx: Tx, actor: Actor, itemId: number, input: HighlightInput) {
    const item = await ownItem(actor, itemId, tx);
    if ((await repo.countHighlights(tx, item.id)) >= HIGHLIGHTS_PER_ITEM_MAX) {
      throw new AppError("highlight_limit_reached", 409, `One item keeps at most ${HIGHLIGHTS_PER_ITEM_MAX} highlights`, { max: HIGHLIGHTS_PER_ITEM_MAX });
    }
    return repo.addHighlight(tx, {
      userContentId: item.id,
      accountId: item.accountId,
      text: input.text,
      comment: input.comment ?? null,
      position: input.position ?? null,
    });
  }

  /** The caller's copy of a page, saved now (as any save is) when it is not in their library yet. */
  async function savedPage(actor: Actor, url: string, title: string | undefined): Promise<{ row: UserContentRow; created: boolean }> {
    const companyId = requireCompany(actor);
    const existing = await deps.content.ownedByUrl(actor.accountId, companyId, normaliseUrl(url));
    if (existing) return { row: existing, created: false };
    try {
      return { row: await deps.contentService.save(actor, { url, title }), created: true };
    } catch (err) {
      // Saved meanwhile (the extension's two menus at once): the copy that won is the one to use.
      const raced =
        err instanceof AppError && err.code === "already_in_library" && (await deps.content.ownedByUrl(actor.accountId, companyId, normaliseUrl(url)));
      if (raced) return { row: raced, created: false };
      throw err;
    }
  }

  return {
    async note(actor: Actor, itemId: number) {
      const item = await ownItem(actor, itemId);
      return { itemId: item.id, row: await repo.note(item.id) };
    },

    /** Writes the item's whole note; a blank one clears it. */
    async putNote(actor: Actor, itemId: number, body: string) {
      return db.transaction(async (tx) => {
        const item = await ownItem(actor, itemId, tx);
        if (!body.trim()) {
          await repo.clearNote(tx, item.id);
          return { itemId: item.id, row: undefined };
        }
        return { itemId: item.id, row: await repo.putNote(tx, { userContentId: item.id, accountId: item.accountId, body }) };
      });
    },

    async highlights(actor: Actor, itemId: number, page: { limit: number; offset: number }) {
      const item = await ownItem(actor, itemId);
      return repo.highlights(item.id, page.limit, page.offset);
    },

    addHighlight(actor: Actor, itemId: number, input: HighlightInput) {
      return db.transaction((tx) => add(tx, actor, itemId, input));
    },

    /** A passage marked on a page: the page is saved first when it is not in the caller's library, then the highlight added to it. */
    async highlightPage(actor: Actor, input: HighlightInput & { url: string; title?: string }) {
      const { row, created } = await savedPage(actor, input.url, input.title);
      const highlight = await db.transaction((tx) => add(tx, actor, row.id, input));
      return { item: row, created, highlight };
    },

    async editHighlight(actor: Actor, id: number, patch: { text?: string; comment?: string | null }) {
      return db.transaction(async (tx) => {
        await ownHighlight(actor, tx, id);
        return (await repo.editHighlight(tx, id, patch))!;
      });
    },

    /** Deletes one of the caller's highlights and answers it (what an undo adds back). */
    async removeHighlight(actor: Actor, id: number) {
      return db.transaction(async (tx) => {
        const row = await ownHighlight(actor, tx, id);
        await repo.deleteHighlight(tx, id, row.accountId);
        return row;
      });
    },
  };
}
export type NotesService = ReturnType<typeof createNotesService>;
