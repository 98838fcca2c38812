import { type ContentType, type CourseStatus, ITEM_SAVERS_SHOWN, ItemState, courseStatusOf, statesFor } from "@learnward/contracts";
import type { Db, Tx } from "../../db/client.ts";
import { type Actor, authorize, requireCompany } from "../../lib/actor.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { normaliseUrl, recognise } from "../../lib/providers.ts";
import { draftDescription, type NewCatalogItem } from "./catalog.repo.ts";
import type { CatalogRow, ContentRepo, NewUserContent, UserContentRow } from "./content.repo.ts";
import type { ItemRepo } from "./item.repo.ts";
import { libraryPolicy } from "./library.policy.ts";
import type { PageMetadata } from "./metadata-values.ts";
import type { SavedMatches } from "./saved-matches.repo.ts";
import { fallbackTitle } from "./fallback-title.ts";

export { fallbackTitle };

/** Reads a page's metadata; null when it can't be read (the caller keeps what the user typed). */
export type ReadMetadata = (url: string) => Promise<PageMetadata | null>;

export interface SaveInput {
  url?: string;
  id_content?: number;
  title?: string;
  content_type?: ContentType;
  author?: string | null;
  duration_s?: number | null;
  description?: string | null;
  image_url?: string | null;
  is_private?: boolean;
  fetch_metadata?: boolean;
}

export type EditInput = Omit<SaveInput, "id_content" | "fetch_metadata">;

const blank = (v: string | null | undefined) => v === undefined || v === null || v.trim() === "";
const pick = <T>(...values: (T | null | undefined)[]) => values.find((v) => v !== undefined && v !== null && v !== "") ?? null;

/** A person's copy of a catalog item as a save makes it: what they typed wins over the item's own details. */
function copyFor(accountId: number, input: SaveInput, item: CatalogRow, readLater: boolean): NewUserContent {
  const contentType = input.content_type ?? item.contentType;
  const copy: NewUserContent = {
    accountId,
    contentId: item.id,
    title: pick(input.title, item.title)!,
    url: item.url,
    contentType,
    provider: item.provider,
    author: pick(input.author, item.author),
    durationS: pick(input.duration_s, item.durationS),
    description: pick(input.description, item.description),
    imageUrl: pick(input.image_url, item.imageUrl),
    isPrivate: input.is_private ?? false,
    // A saved course starts on the wishlist (spec §4 Course status).
    courseStatus: contentType === "course" ? "wishlist" : null,
  };
  return { ...copy, metadataPending: readLater && lacksDetails(copy) };
}

export interface ContentServiceDeps {
  db: Db;
  events: EventBus;
  repo: ContentRepo;
  /** Reads a page now: the preview, and links added to a collection. */
  readMetadata: ReadMetadata;
  /** Asks for a saved item's page to be read after the save, inside its transaction (page-read.job.ts). */
  readLater: (tx: Tx, userContentId: number) => Promise<unknown>;
  /** What an item's page reads besides the item: its folders and who else saved it. */
  items: ItemRepo;
  /** A person's saves as the copilot reads them for a question. */
  saved: SavedMatches;
}

/** The domain event of arriving in a course state (spec §4); a job's own states have none. */
const ARRIVED = { wishlist: "content.wishlisted", running: "content.started", finalized: "content.finished" } as const;
/** Every state an item can be in, none included: where a move may start from. */
const ANY_STATE: readonly (ItemState | null)[] = [null, ...ItemState.options];

/** A saved copy the page could still tell more about: a title made from the link, or a detail left blank. */
const lacksDetails = (c: NewUserContent) =>
  c.title === fallbackTitle(c.url) || [c.author, c.description, c.imageUrl, c.durationS].some((v) => v === null || v === undefined);

export function createContentService(deps: ContentServiceDeps) {
  const { db, events, repo } = deps;

  /** A new copy in a person's library (not a repeat save) is news for insights, onboarding and discover. */
  const saved = (tx: Tx, row: UserContentRow) =>
    events.emit(tx, "content.saved", { actorId: row.accountId, contentId: row.contentId, courseStatus: courseStatusOf(row.courseStatus) });

  /** A new copy is news, and one saved before its page was read asks for the read. */
  const afterInsert = async (tx: Tx, row: UserContentRow) => {
    await saved(tx, row);
    if (row.metadataPending) await deps.readLater(tx, row.id);
  };

  /** undefined when the person already saved this catalog item. */
  function insertCopy(values: NewUserContent) {
    return db.transaction(async (tx) => {
      const row = await repo.insertCopy(tx, values);
      if (row) await afterInsert(tx, row);
      return row;
    });
  }

  /**
   * Creates (or finds) the catalog row and the person's copy in one transaction. A row that isn't
   * public came from a colleague's private save and lends nobody its data: the copy is made from
   * the person's own (`item`), and a public save writes it to the row, which it makes public.
   */
  function saveWithCatalog(item: NewCatalogItem, copyOf: (catalog: CatalogRow) => NewUserContent, opts: { isPrivate: boolean }) {
    return db.transaction(async (tx) => {
      const found = await repo.catalogRow(tx, { ...item, privateOrigin: opts.isPrivate });
      const own = draftDescription(item);
      const source = found.isPublic ? found.row : { ...found.row, ...own };
      const row = await repo.insertCopy(tx, copyOf(source));
      if (row && !found.isPublic && !opts.isPrivate) await repo.claimRow(tx, found.row.id, own, row.accountId);
      if (row) await afterInsert(tx, row);
      return { item: source, row };
    });
  }

  /**
   * Moves the person's copy of a catalog item, only from the states in `from`, in the caller's
   * transaction. Arriving in a course state is news (insights count a finish, onboarding ticks,
   * discover learns); the state before, locked, tells a real move from a repeat.
   */
  async function move(tx: Tx, actor: Actor, contentId: number, from: readonly (ItemState | null)[], to: ItemState | null) {
    const before = await repo.lockCourse(tx, actor.accountId, contentId);
    const row = await repo.moveCourse(tx, actor.accountId, contentId, from, to);
    const arrived = courseStatusOf(to);
    if (row && arrived !== null && before?.status !== to) {
      await events.emit(tx, ARRIVED[arrived], { actorId: actor.accountId, contentId });
    }
    return row;
  }

  /** A catalog item named by id, checked like an id in the path: another company's, or a colleague's private save, is not found. */
  async function readableItem(actor: Actor, id: number) {
    const item = await repo.catalogItem(requireCompany(actor), actor.accountId, id);
    if (!item) throw notFound("Content");
    authorize(actor, libraryPolicy.readCatalogItem, item, "not_found");
    return item;
  }

  /** The catalog item a save names, or the draft of a new one; `readPage` reads the page now for what was left blank. */
  async function catalogEntry(actor: Actor, input: SaveInput, opts: { readPage: boolean }) {
    const companyId = requireCompany(actor);
    if (input.id_content !== undefined) {
      const existing = await readableItem(actor, input.id_content);
      // The item keeps its own link: another one sent with it is a mistake to say, not to drop.
      if (input.url !== undefined && normaliseUrl(input.url) !== normaliseUrl(existing.url)) {
        throw new AppError("content_url_mismatch", 400, "This url is not the link of the content named by id_content", {
          id_content: existing.id,
          url: existing.url,
        });
      }
      return { existing };
    }
    const url = input.url!;
    const recognised = recognise(url);
    const needsPage = opts.readPage && input.fetch_metadata !== false && (blank(input.title) || blank(input.description) || blank(input.author));
    const meta = needsPage ? await deps.readMetadata(url) : null;
    const title = pick(input.title, meta?.title) ?? fallbackTitle(url);
    const draft = {
      companyId,
      url,
      normalizedUrl: normaliseUrl(url),
      title,
      contentType: input.content_type ?? (recognised.provider ? recognised.type : (meta?.content_type_hint ?? recognised.type)),
      provider: recognised.provider,
      author: pick(input.author, meta?.author),
      durationS: pick(input.duration_s, meta?.duration_s),
      description: pick(input.description, meta?.description),
      imageUrl: pick(input.image_url, meta?.image),
      createdBy: actor.accountId,
    };
    return { draft };
  }

  return {
    /** What saving a URL would store: the recognised provider and type plus the page's metadata. */
    async preview(url: string) {
      const recognised = recognise(url);
      const meta = await deps.readMetadata(url);
      return {
        url,
        content_type: recognised.provider ? recognised.type : (meta?.content_type_hint ?? recognised.type),
        provider: recognised.provider,
        title: meta?.title ?? null,
        author: meta?.author ?? null,
        description: meta?.description ?? null,
        image_url: meta?.image ?? null,
        duration_s: meta?.duration_s ?? null,
        readable: meta !== null,
      };
    },

    /**
     * Saves to my library at once, from what I typed, then the company catalog, then what the link
     * alone tells; a link's page is read afterwards (page-read.job.ts) and fills in only what is
     * still blank, while the item says so (metadata_pending).
     */
    async save(actor: Actor, input: SaveInput): Promise<UserContentRow> {
      const entry = await catalogEntry(actor, input, { readPage: false });
      const readLater = !entry.existing && input.fetch_metadata !== false;
      const copyOf = (item: CatalogRow) => copyFor(actor.accountId, input, item, readLater);
      // A new catalog row and my copy of it are written together, or not at all.
      const { item, row } = entry.existing
        ? { item: entry.existing, row: await insertCopy(copyOf(entry.existing)) }
        : await saveWithCatalog(entry.draft, copyOf, { isPrivate: input.is_private ?? false });
      if (!row) {
        const existing = await repo.ownedByContent(actor.accountId, item.id);
        throw new AppError("already_in_library", 409, "This content is already in your library", { id_primary: existing?.id });
      }
      return row;
    },

    /** Edits my copy of an item; a new url is recognised again as on save (a content_type sent with it wins). */
    async edit(actor: Actor, id: number, b: EditInput): Promise<UserContentRow | undefined> {
      const recognised = b.url !== undefined ? recognise(b.url) : null;
      return db.transaction(async (tx) => {
        const row = await repo.updateCopy(tx, actor.accountId, id, {
          url: b.url,
          provider: recognised ? recognised.provider : undefined,
          contentType: b.content_type ?? recognised?.type,
          title: b.title,
          author: b.author,
          durationS: b.duration_s,
          description: b.description,
          imageUrl: b.image_url,
          isPrivate: b.is_private,
        });
        // The creator taking their save private takes the row they brought in with it (catalog.scope.ts).
        if (row && b.is_private === true) await repo.markPrivateOrigin(tx, row.contentId, actor.accountId);
        // A new type that does not take the item's state (a job becoming an article) leaves it with none.
        if (row?.courseStatus && !statesFor(row.contentType).includes(row.courseStatus)) {
          return repo.moveCourse(tx, actor.accountId, row.contentId, [row.courseStatus], null);
        }
        return row;
      });
    },

    /** Removes my item and, with it, its places in my folders; answers those places (for an undo), or null if it is not mine. */
    async remove(actor: Actor, id: number) {
      return db.transaction(async (tx) => {
        if (!(await repo.lockOwned(tx, actor.accountId, id))) return null;
        const places = await repo.folderPlaces(tx, id);
        const copy = await repo.deleteCopy(tx, id);
        if (copy) await events.emit(tx, "content.removed", { actorId: actor.accountId, contentId: copy.contentId });
        return { id_primary: id, folder_relations: places };
      });
    },

    /**
     * The catalog item a collection names, by id or by link (created from the page if new), and
     * `claim`, to call once it is placed: a row that isn't public then shows the curator's data.
     */
    async catalogItemForCollection(
      actor: Actor,
      input: { content_id?: number; url?: string; title?: string },
    ): Promise<{ id: number; claim: () => Promise<void> }> {
      if (input.content_id !== undefined) {
        const item = await readableItem(actor, input.content_id);
        return { id: item.id, claim: async () => (item.isPublic ? undefined : repo.claim(actor.accountId, item.id)) };
      }
      // The item is placed with what its page says now: a collection shows catalog rows, which carry no "being read" state.
      const entry = await catalogEntry(actor, { url: input.url, title: input.title }, { readPage: true });
      if (entry.existing) return { id: entry.existing.id, claim: async () => {} };
      const { row, isPublic } = await db.transaction((tx) => repo.catalogRow(tx, entry.draft));
      return { id: row.id, claim: async () => (isPublic ? undefined : repo.claim(actor.accountId, row.id, draftDescription(entry.draft))) };
    },

    /** One of my saved items, by its id; another person's is not found. */
    async mine(actor: Actor, id: number): Promise<UserContentRow> {
      const item = await repo.owned(actor.accountId, id);
      if (!item) throw notFound("Content");
      return item;
    },

    /**
     * My saves (private ones included) that a question's terms find, best first, each with the terms
     * it matches: what the copilot cites "from your library". Only the asker's own, as every read of
     * a saved item is.
     */
    async savedMatching(actor: Actor, terms: readonly (readonly string[])[], limit: number) {
      const rows = await deps.saved.matching(actor.accountId, terms, limit);
      return rows.filter((r) => libraryPolicy.readItem(actor, r));
    },

    /** My copies of these catalog items, the ones I still keep (an answer citing my library, read again). */
    async savedCopies(actor: Actor, contentIds: readonly number[]) {
      const rows = await deps.saved.copies(actor.accountId, contentIds);
      return rows.filter((r) => libraryPolicy.readItem(actor, r));
    },

    /** The person's copy of a catalog item, saved on the fly when a course move needs it. */
    async ensureSaved(actor: Actor, contentId: number): Promise<UserContentRow> {
      const existing = await repo.ownedByContent(actor.accountId, contentId);
      if (existing) return existing;
      try {
        return await this.save(actor, { id_content: contentId, fetch_metadata: false });
      } catch (err) {
        const raced = await repo.ownedByContent(actor.accountId, contentId);
        if (raced) return raced;
        throw err;
      }
    },

    /**
     * Course moves of one person's items that happened elsewhere (an outside record store's outcomes),
     * in one transaction: each item saved first as `ensureSaved` would, then moved as `moveCourse`
     * would from the states in `from`. The items are checked together first; one the person may not
     * have (hidden, another's private save) is answered and left alone, and the others still move.
     */
    async applyCourseOutcomes(actor: Actor, outcomes: { contentId: number; from: readonly (CourseStatus | null)[]; to: CourseStatus }[]) {
      const companyId = requireCompany(actor);
      const ids = outcomes.map((o) => o.contentId);
      const readable = new Map(
        (await repo.catalogItems(companyId, actor.accountId, ids)).filter((i) => libraryPolicy.readCatalogItem(actor, i)).map((i) => [i.id, i]),
      );
      const copies = new Map((await repo.ownedByContents(actor.accountId, ids)).map((c) => [c.contentId, c]));
      const unavailable = new Set(outcomes.filter((o) => !copies.has(o.contentId) && !readable.has(o.contentId)).map((o) => o.contentId));
      await db.transaction(async (tx) => {
        for (const o of outcomes) {
          if (unavailable.has(o.contentId)) continue;
          let copy = copies.get(o.contentId);
          if (!copy) {
            copy = await repo.insertCopy(tx, copyFor(actor.accountId, { id_content: o.contentId, fetch_metadata: false }, readable.get(o.contentId)!, false));
            // Saved by the person meanwhile: the job runs again and finds the copy.
            if (!copy) throw new Error(`item ${o.contentId} was saved meanwhile`);
            await afterInsert(tx, copy);
            copies.set(o.contentId, copy);
          }
          // Not in a state it moves from (done already): nothing to do, as moveCourse's caller checks.
          if ((o.from as readonly unknown[]).includes(copy.courseStatus)) await move(tx, actor, o.contentId, o.from, o.to);
        }
      });
      return { unavailable };
    },

    async moveCourse(
      actor: Actor,
      contentId: number,
      from: readonly (CourseStatus | null)[],
      to: CourseStatus | null,
      opts: { create?: boolean } = {},
    ): Promise<UserContentRow> {
      requireCompany(actor);
      if (opts.create) await this.ensureSaved(actor, contentId);
      const moved = await db.transaction((tx) => move(tx, actor, contentId, from, to));
      if (moved) return moved;
      const current = await repo.ownedByContent(actor.accountId, contentId);
      if (current && current.courseStatus === to) return current; // already there: idempotent
      throw notFound(from.length === 1 && from[0] === "wishlist" ? "Wishlist entry" : "Course entry");
    },

    /** A path started again: these items, if finalized in my library, run again (moved as the course calls move them), in the caller's transaction. */
    async reopen(tx: Tx, actor: Actor, contentIds: number[]) {
      for (const id of contentIds) await move(tx, actor, id, ["finalized"], "running");
    },

    /**
     * One of my saved items with the folders of mine it is in and the colleagues who also saved it
     * (public saves of people I may see, the latest ITEM_SAVERS_SHOWN and a count). Another person's
     * item is not found, as for every other call on a saved item.
     */
    async item(actor: Actor, id: number) {
      const companyId = requireCompany(actor);
      const row = await repo.owned(actor.accountId, id);
      if (!row) throw notFound("Content");
      authorize(actor, libraryPolicy.readItem, row, "not_found");
      const folders = await deps.items.folders(actor.accountId, row.id);
      const savers = await deps.items.savers(companyId, actor.accountId, row.contentId, ITEM_SAVERS_SHOWN);
      return { row, folders, savers };
    },

    /**
     * Moves one of my saved items (by its id) to a state its type takes, or to none, from whatever
     * state it is in: the spec's course calls together allow every such move, and a course moved here
     * is moved and announced exactly as they do. Another person's item is not found.
     */
    async setState(actor: Actor, id: number, state: ItemState | null): Promise<UserContentRow> {
      requireCompany(actor);
      return db.transaction(async (tx) => {
        const item = await repo.lockOwnedItem(tx, actor.accountId, id);
        if (!item) throw notFound("Content");
        authorize(actor, libraryPolicy.setItemState, item, "not_found");
        const allowed = statesFor(item.contentType);
        if (state !== null && !allowed.includes(state)) {
          throw new AppError("invalid_item_state", 400, `A ${item.contentType} can't be ${state}`, { content_type: item.contentType, allowed });
        }
        const row = await move(tx, actor, item.contentId, ANY_STATE, state);
        // The row is locked and every state is a starting point: the move always finds it.
        return row!;
      });
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
