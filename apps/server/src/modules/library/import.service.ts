import { IMPORT_MAX_ITEMS, type ImportContentResponse, type ImportFormat } from "@learnward/contracts";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { type Actor, requireCompany } from "../../lib/actor.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { normaliseUrl, recognise } from "../../lib/providers.ts";
import { fallbackTitle } from "./content.service.ts";
import type { ImportRow, ImportWrites } from "./import.repo.ts";
import { readImport, type ImportSkip } from "./import.parse.ts";

const SKIPS_LISTED = 100;

/** Brings a library in from a file: its links, with their titles, notes, dates and folders. */
export function createImportService(deps: { db: Db; events: EventBus; writes: ImportWrites }) {
  const { db, events, writes } = deps;
  return {
    /**
     * All of the file or nothing: one transaction. Links the person had saved already stay as they
     * were (and join the file's folder); entries that are not http(s) links, and a link's second
     * appearance, are skipped and listed.
     */
    async importLibrary(actor: Actor, input: { format: z.infer<typeof ImportFormat>; content: string; is_private: boolean }): Promise<ImportContentResponse> {
      const companyId = requireCompany(actor);
      const { entries, skipped } = readImport(input.format, input.content);
      if (!entries.length) {
        throw new AppError("import_unreadable", 400, `No link could be read from this file as ${input.format}`, {
          format: input.format,
          skipped: skipped.length,
        });
      }
      if (entries.length > IMPORT_MAX_ITEMS) {
        throw new AppError("import_too_large", 400, `This file has ${entries.length} links; one import takes at most ${IMPORT_MAX_ITEMS}`, {
          links: entries.length,
          max: IMPORT_MAX_ITEMS,
        });
      }
      const skips: ImportSkip[] = [...skipped];
      const seen = new Set<string>();
      const rows: ImportRow[] = [];
      for (const entry of entries) {
        const nurl = normaliseUrl(entry.url);
        if (seen.has(nurl)) {
          skips.push({ line: entry.line, url: entry.url.slice(0, 200), reason: "duplicate_in_file" });
          continue;
        }
        seen.add(nurl);
        const recognised = recognise(entry.url);
        rows.push({
          i: rows.length,
          url: entry.url,
          nurl,
          title: entry.title,
          fallback: fallbackTitle(entry.url),
          ctype: recognised.type,
          provider: recognised.provider,
          description: entry.description,
          folder: entry.folder,
          created: entry.createdAt?.toISOString() ?? null,
          private: input.is_private || entry.isPrivate,
        });
      }
      const { imported, foldersCreated } = await db.transaction(async (tx) => {
        await writes.stage(tx, rows);
        await writes.catalogRows(tx, companyId, actor.accountId);
        const copies = await writes.copies(tx, companyId, actor.accountId);
        const created = await writes.folders(tx, actor.accountId);
        await writes.placeInFolders(tx, companyId, actor.accountId);
        // New copies are news for insights, onboarding and discover, as a save is.
        if (copies.length) {
          await events.emit(tx, "content.imported", {
            actorId: actor.accountId,
            contentIds: copies.map((copy) => copy.content_id),
            wishlisted: copies.some((copy) => copy.course_status === "wishlist"),
          });
        }
        return { imported: copies.length, foldersCreated: created };
      });
      skips.sort((a, b) => a.line - b.line);
      return {
        imported,
        already_saved: rows.length - imported,
        folders_created: foldersCreated,
        skipped: skips.slice(0, SKIPS_LISTED),
        skipped_count: skips.length,
      };
    },
  };
}
export type ImportService = ReturnType<typeof createImportService>;
