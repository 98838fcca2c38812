import type { Db, Tx } from "../../db/client.ts";
import { type Actor, authorize } from "../../lib/actor.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { ContentService } from "../library/index.ts";
import type { CollectionRow, CollectionsRepo } from "./collections.repo.ts";
import type { CompletionsRepo } from "./completions.repo.ts";
import type { DraftsRepo } from "./drafts.repo.ts";
import { networkPolicy } from "./network.policy.ts";
import { presentDetail } from "./network.present.ts";

const inReview = () => new AppError("collection_in_review", 409, "These changes are waiting for the L&D leader's review; discard them to edit again");

/** The caller of a handler: its actor and company, guaranteed by the route's access. */
export type Caller = { actor: Actor; companyId: number };

/**
 * Collections (learning paths once published): who may read and edit them, where an edit is written,
 * and the writes to their sections, items, followers and progress, each in one transaction.
 */
export function createCollectionsService(d: {
  db: Db;
  events: EventBus;
  collections: CollectionsRepo;
  drafts: DraftsRepo;
  completions: Pick<CompletionsRepo, "openCycle">;
  content: Pick<ContentService, "reopen">;
}) {
  const { db, events, collections: repo, drafts } = d;

  /** Outsiders and people who may not read it get 404: they never learn it exists. */
  async function load({ actor, companyId }: Caller, id: number) {
    const c = await repo.get(companyId, id);
    if (!c) throw notFound("Collection");
    authorize(actor, networkPolicy.readCollection, c, "not_found");
    return c;
  }
  async function editable(req: Caller, id: number) {
    const { actor } = req;
    const c = await load(req, id);
    authorize(actor, networkPolicy.editCollection, c);
    return c;
  }
  /** Every write to a collection's order starts by locking it (in the transaction `tx`). */
  async function lock(tx: Tx, collectionId: number) {
    if (!(await repo.lock(tx, collectionId))) throw notFound("Collection");
  }
  /** Drafting, submitting, deciding and discarding take turns on the published row. */
  async function lockPublished(tx: Tx, collectionId: number) {
    if (!(await drafts.lock(tx, collectionId))) throw notFound("Collection");
  }

  /**
   * The draft the owner's edits go to: the existing one, or a copy of the published version made
   * now. The ids of the copied sections and items, by the published ones' ids, let the edit that
   * made the draft name what it saw.
   */
  async function openDraft(c: CollectionRow) {
    return db.transaction(async (tx) => {
      await lockPublished(tx, c.id);
      if (await drafts.hasPending(tx, c.id)) throw inReview();
      const existing = await drafts.draftOf(tx, c.id);
      if (existing) return { id: existing.id, sectionIds: new Map<number, number>(), itemIds: new Map<number, number>() };
      return drafts.copyAsDraft(tx, c);
    });
  }

  return {
    load,
    editable,
    /** Reads and the one-statement delete, for the modules that make collections (the copilot). */
    get: repo.get,
    summary: repo.summary,
    remove: repo.remove,

    /**
     * Where an edit is written: the collection itself, or once it is published, its draft,
     * made by the first edit. That edit named the published sections and items: they map to their copies.
     */
    async editTarget(req: Caller, id: number) {
      const c = await editable(req, id);
      const draft = c.status === "published" ? await openDraft(c) : null;
      const map = <T extends number | null | undefined>(ids: Map<number, number> | undefined, x: T): T =>
        typeof x === "number" ? ((ids?.get(x) ?? x) as T) : x;
      return {
        id: draft?.id ?? c.id,
        section: <T extends number | null | undefined>(x: T) => map(draft?.sectionIds, x),
        item: (x: number) => map(draft?.itemIds, x),
      };
    },

    /** The owner sees their draft unless they ask for the live version; the L&D leader may ask for it; everyone else sees the live one. */
    async detail(actor: Actor, id: number, version?: "live" | "draft") {
      const [s, draftState, sections, items] = await Promise.all([
        repo.summary(actor.accountId, id),
        drafts.state(id),
        repo.sections(id),
        repo.items(id, actor.accountId),
      ]);
      const live = s!;
      const draft = draftState && networkPolicy.readDraft(actor, live.c) ? draftState : null;
      const showDraft = draft !== null && (version === "draft" || (version === undefined && networkPolicy.editCollection(actor, live.c)));
      if (version === "draft" && !showDraft) throw notFound("Draft");
      if (!showDraft) return presentDetail(actor, live, { version: "live", summary: live, sections, items }, draft);
      const [ds, dSections, dItems] = await Promise.all([
        repo.summary(actor.accountId, draft.id),
        repo.sections(draft.id),
        repo.items(draft.id, actor.accountId),
      ]);
      return presentDetail(actor, live, { version: "draft", summary: ds!, sections: dSections, items: dItems }, draft);
    },

    async create(v: Parameters<CollectionsRepo["insert"]>[1]) {
      return db.transaction(async (tx) => {
        const row = await repo.insert(tx, v);
        await events.emit(tx, "collection.created", { actorId: v.ownerId, collectionId: row.id });
        return row;
      });
    },

    async addSection(collectionId: number, title: string) {
      return db.transaction(async (tx) => {
        await lock(tx, collectionId);
        return repo.appendSection(tx, collectionId, title);
      });
    },

    async updateSection(collectionId: number, sectionId: number, patch: { title?: string; position?: number }) {
      return db.transaction(async (tx) => {
        await lock(tx, collectionId);
        const row = await repo.changeSection(tx, collectionId, sectionId, patch);
        if (!row) throw notFound("Section");
        return row;
      });
    },

    /** A deleted section's items stay in the collection, after the unsectioned ones. */
    async removeSection(collectionId: number, sectionId: number) {
      await db.transaction(async (tx) => {
        await lock(tx, collectionId);
        if (!(await repo.sectionOf(tx, collectionId, sectionId))) throw notFound("Section");
        await repo.deleteSection(tx, collectionId, sectionId);
      });
    },

    /**
     * Places an item (an existing one, or a content added now) at a position of its list; lists
     * stay 1..n. Answers null when the content is already in the collection.
     */
    async placeItem(collectionId: number, input: { itemId?: number; contentId?: number; sectionId: number | null | undefined; position?: number }) {
      return db.transaction(async (tx) => {
        await lock(tx, collectionId);
        let item = input.itemId !== undefined ? await repo.itemOf(tx, collectionId, input.itemId) : undefined;
        if (input.itemId !== undefined && !item) throw notFound("Item");
        const sectionId = input.sectionId === undefined ? (item?.sectionId ?? null) : input.sectionId;
        if (sectionId !== null && !(await repo.sectionOf(tx, collectionId, sectionId))) throw notFound("Section");
        if (!item) {
          item = await repo.insertItem(tx, collectionId, input.contentId!, sectionId);
          if (!item) return null;
        }
        return repo.placeItem(tx, collectionId, item, sectionId, input.position);
      });
    },

    async removeItem(collectionId: number, itemId: number) {
      await db.transaction(async (tx) => {
        await lock(tx, collectionId);
        if (!(await repo.deleteItem(tx, collectionId, itemId))) throw notFound("Item");
      });
    },

    /** Drops the owner's draft of a published collection; a pending review of it is withdrawn. */
    async discardDraft(collectionId: number) {
      await db.transaction(async (tx) => {
        await lockPublished(tx, collectionId);
        const draft = await drafts.draftOf(tx, collectionId);
        if (!draft) throw notFound("Draft");
        await drafts.deleteDraft(tx, draft.id);
      });
    },

    async follow(accountId: number, collectionId: number, on: boolean) {
      if (on) {
        await db.transaction(async (tx) => {
          if (await repo.insertFollow(tx, accountId, collectionId)) await events.emit(tx, "collection.followed", { actorId: accountId, collectionId });
        });
      } else await repo.unfollow(accountId, collectionId);
    },

    async markDone(accountId: number, contentId: number, done: boolean, collectionId?: number) {
      if (done) {
        await db.transaction(async (tx) => {
          const added = await repo.insertDone(tx, accountId, contentId);
          if (added && collectionId !== undefined) await events.emit(tx, "collection.item_done", { actorId: accountId, collectionId, contentId });
        });
      } else await repo.removeDone(accountId, contentId);
    },

    /**
     * The person starts a path they completed again, for a new cycle, in the caller's transaction:
     * each of its items is no longer done (unticked, and a course finalized in their library runs
     * again), and completing them all again records the new cycle's completion.
     */
    async startAgain(tx: Tx, actor: Actor, collectionId: number) {
      const contentIds = await repo.undoneIn(tx, actor.accountId, collectionId);
      await d.content.reopen(tx, actor, contentIds);
      await d.completions.openCycle(tx, actor.accountId, collectionId);
    },
  };
}
export type CollectionsService = ReturnType<typeof createCollectionsService>;
