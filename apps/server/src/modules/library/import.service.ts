import {
  CONTENT_TYPES,
  type ContentType,
  HIGHLIGHTS_PER_ITEM_MAX,
  IMPORT_MAX_ITEMS,
  type ImportFormat,
  ItemState,
  type LibraryImport,
  statesFor,
} from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { type Actor, requireCompany } from "../../lib/actor.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { Jobs } from "../../lib/jobs.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { normaliseUrl, recognise } from "../../lib/providers.ts";
import { fallbackTitle } from "./content.service.ts";
import type { ImportEntry, ImportPlace, ImportSkip } from "./import.entry.ts";
import { importEndedMail } from "./import.mail.tsx";
import { readImport } from "./import.parse.ts";
import type { ImportRow, ImportWrites } from "./import.repo.ts";
import type { ImportRun, ImportRuns } from "./import-runs.repo.ts";

const SKIPS_LISTED = 100;
/** Links saved per transaction: each batch is short, so the person's other requests go on meanwhile. */
export const IMPORT_BATCH = 1000;
/** An import that takes longer than this is mailed when it ends: its person has likely gone. */
const MAIL_AFTER_MS = 60_000;
export const IMPORT_JOB = "library.import";

const KNOWN_TYPES = new Set<string>(CONTENT_TYPES);
const KNOWN_STATES = new Set<string>(ItemState.options);
/** A state the file gives, when the item's type takes it (a course's, or a job's own). */
const stateFor = (type: string, state: string | null | undefined) =>
  state && KNOWN_STATES.has(state) && statesFor(type as ContentType).includes(state as ItemState) ? state : null;

/** A link's repeats in a file become one entry: every place and tag, the first title, the earliest date. */
function merge(into: ImportEntry, repeat: ImportEntry) {
  const key = (p: ImportPlace) => `${p.folder}\u0000${p.section ?? ""}`;
  const placed = new Set(into.places.map(key));
  into.places.push(...repeat.places.filter((p) => !placed.has(key(p))));
  into.tags = [...new Set([...into.tags, ...repeat.tags])];
  into.title ??= repeat.title;
  into.description ??= repeat.description;
  if (repeat.createdAt && (!into.createdAt || repeat.createdAt < into.createdAt)) into.createdAt = repeat.createdAt;
  into.done ||= repeat.done;
  into.favourite ||= repeat.favourite;
  into.note ??= repeat.note;
  const quoted = new Set(into.highlights.map((h) => `${h.text}\u0000${h.comment ?? ""}`));
  into.highlights.push(...repeat.highlights.filter((h) => !quoted.has(`${h.text}\u0000${h.comment ?? ""}`)));
  into.highlights.splice(HIGHLIGHTS_PER_ITEM_MAX);
}

function rowOf(entry: ImportEntry, i: number, allPrivate: boolean): ImportRow {
  const recognised = recognise(entry.url);
  const item = entry.item;
  const ctype = item?.contentType && KNOWN_TYPES.has(item.contentType) ? item.contentType : recognised.type;
  return {
    i,
    url: entry.url,
    nurl: normaliseUrl(entry.url),
    title: entry.title,
    fallback: fallbackTitle(entry.url),
    ctype,
    provider: recognised.provider,
    description: entry.description,
    author: item?.author ?? null,
    duration_s: item?.durationS !== null && item?.durationS !== undefined && item.durationS >= 0 ? Math.round(item.durationS) : null,
    image_url: item?.imageUrl && /^https?:\/\//i.test(item.imageUrl) ? item.imageUrl.slice(0, 2000) : null,
    course_status: stateFor(ctype, item?.courseStatus),
    places: entry.places,
    tags: entry.tags,
    done: entry.done,
    favourite: entry.favourite,
    created: entry.createdAt?.toISOString() ?? null,
    private: allPrivate || entry.isPrivate,
    note: entry.note,
    highlights: entry.highlights.map((h) => ({ text: h.text, comment: h.comment, position: h.position, created: h.createdAt?.toISOString() ?? null })),
  };
}

export function present(run: ImportRun): LibraryImport {
  return {
    id: run.id,
    format: run.format as ImportFormat,
    status: run.status as LibraryImport["status"],
    total: run.total,
    processed: run.processed,
    added: run.added,
    merged: run.merged,
    folders_created: run.foldersCreated,
    skipped: run.skipped as ImportSkip[],
    skipped_count: run.skippedCount,
    error: run.error,
    created_at: run.createdAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Brings a library in from a file. The file is read when it is sent (a broken one is refused then,
 * naming its line, and nothing is written); a job then saves its links a batch at a time, and the
 * person follows its progress. A batch marks its rows done as it saves them, so a job that stops
 * resumes where it was; an import that fails for good takes out what it had added.
 */
export function createImportService(deps: { db: Db; events: EventBus; writes: ImportWrites; runs: ImportRuns; jobs: Jobs; mailer: Mailer; publicUrl: string }) {
  const { db, events, writes, runs } = deps;

  /** One batch of the import's rows into the person's library in their company; answers false when none was left. */
  async function batch(importId: number, companyId: number): Promise<boolean> {
    return db.transaction(async (tx) => {
      const run = await runs.lock(tx, importId);
      if (!run || run.status === "done" || run.status === "failed") return false;
      const staged = await writes.stage(tx, importId, IMPORT_BATCH);
      if (!staged) return false;
      await writes.catalogRows(tx, companyId, run.accountId);
      const copies = await writes.copies(tx, companyId, run.accountId);
      const foldersCreated = await writes.folders(tx, run.accountId);
      await writes.placeInFolders(tx, companyId, run.accountId);
      await writes.notes(tx, companyId, run.accountId);
      await writes.highlights(tx, companyId, run.accountId);
      await writes.tagCopies(tx, companyId, run.accountId);
      await writes.markDone(
        tx,
        importId,
        copies.map((copy) => copy.id),
      );
      // New copies are news for insights, onboarding and discover, as a save is.
      if (copies.length) {
        await events.emit(tx, "content.imported", {
          actorId: run.accountId,
          contentIds: copies.map((copy) => copy.content_id),
          wishlisted: copies.some((copy) => copy.course_status === "wishlist"),
        });
      }
      await runs.progress(tx, importId, { processed: staged, added: copies.length, merged: staged - copies.length, foldersCreated });
      return true;
    });
  }

  async function ended(run: ImportRun) {
    if (!run.finishedAt || run.finishedAt.getTime() - run.createdAt.getTime() < MAIL_AFTER_MS) return;
    const who = await runs.recipient(run.accountId);
    if (!who) return;
    await deps.mailer.send(
      await importEndedMail({ to: who.email, name: who.name, run: present(run), url: `${deps.publicUrl}/setting#import-library-heading`, locale: who.locale }),
      {
        key: `library-import:${run.id}`,
      },
    );
  }

  return {
    async start(actor: Actor, input: { format: ImportFormat; content: string; is_private: boolean }): Promise<LibraryImport> {
      requireCompany(actor);
      const { entries, skipped } = readImport(input.format, input.content);
      if (!entries.length) {
        throw new AppError("import_unreadable", 400, `No link could be read from this file as ${input.format}`, {
          format: input.format,
          skipped: skipped.length,
        });
      }
      const byUrl = new Map<string, ImportEntry>();
      for (const entry of entries) {
        const nurl = normaliseUrl(entry.url);
        const first = byUrl.get(nurl);
        if (first) merge(first, entry);
        else byUrl.set(nurl, entry);
      }
      if (byUrl.size > IMPORT_MAX_ITEMS) {
        throw new AppError("import_too_large", 400, `This file has ${byUrl.size} links; one import takes at most ${IMPORT_MAX_ITEMS}`, {
          links: byUrl.size,
          max: IMPORT_MAX_ITEMS,
        });
      }
      const rows = [...byUrl.values()].map((entry, i) => rowOf(entry, i, input.is_private));
      const skips = [...skipped].sort((a, b) => a.line - b.line);
      const run = await db.transaction(async (tx) => {
        const created = await runs.create(
          tx,
          {
            accountId: actor.accountId,
            format: input.format,
            merged: entries.length - rows.length,
            skipped: skips.slice(0, SKIPS_LISTED),
            skippedCount: skips.length,
          },
          rows,
        );
        await deps.jobs.send(IMPORT_JOB, { importId: created.id }, { tx, singletonKey: `import:${created.id}` });
        return created;
      });
      return present(run);
    },

    /** The job: batches until none is left, then the summary (mailed when it took long). */
    async run(importId: number, opts: { lastAttempt: boolean }) {
      const run = await runs.byId(importId);
      const companyId = run && (await runs.recipient(run.accountId))?.companyId;
      if (!companyId) return; // the person or their company is gone, and the import with them
      try {
        while (await batch(importId, companyId)) {
          // each batch commits on its own: progress shows, and a restart resumes here
        }
        const finished = await db.transaction(async (tx) => {
          const run = await runs.lock(tx, importId);
          return run && (run.status === "queued" || run.status === "running") ? runs.finish(tx, importId) : undefined;
        });
        if (finished) await ended(finished);
      } catch (err) {
        if (!opts.lastAttempt) throw err;
        const failed = await db.transaction((tx) => runs.fail(tx, importId, "import_failed"));
        if (failed) await ended(failed);
        throw err;
      }
    },

    async get(actor: Actor, id: number): Promise<LibraryImport> {
      const run = await runs.ofAccount(actor.accountId, id);
      if (!run) throw notFound("Import");
      return present(run);
    },

    async latest(actor: Actor): Promise<LibraryImport[]> {
      return (await runs.latest(actor.accountId, 5)).map(present);
    },
  };
}
export type ImportService = ReturnType<typeof createImportService>;
