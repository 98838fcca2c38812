import path from "node:path";
import { z } from "zod";
import type { Module, ModuleContext } from "../module.ts";
import { createContentRepo } from "./content.repo.ts";
import { contentRoutes } from "./content.routes.ts";
import { createContentService, type ReadMetadata } from "./content.service.ts";
import { coursesRoutes } from "./courses.routes.ts";
import { createItemRepo } from "./item.repo.ts";
import { createCurationRepo } from "./curation.repo.ts";
import { curationRoutes } from "./curation.routes.ts";
import { createCurationService } from "./curation.service.ts";
import { createFoldersRepo } from "./folders.repo.ts";
import { foldersRoutes } from "./folders.routes.ts";
import { createFoldersService } from "./folders.service.ts";
import { imageRoutes } from "./image.routes.ts";
import { createImageService } from "./image.service.ts";
import { fetchMetadata } from "./metadata.ts";
import { createContentTexts } from "./content-texts.repo.ts";
import { definePageRead, type ReadPage } from "./page-read.job.ts";
import { createImportWrites } from "./import.repo.ts";
import { createExportReads } from "./export.repo.ts";
import { importRoutes } from "./import.routes.ts";
import { createLookupRepo } from "./lookup.repo.ts";
import { lookupRoutes } from "./lookup.routes.ts";
import { createImportService, IMPORT_JOB } from "./import.service.ts";
import { createNotesRepo } from "./notes.repo.ts";
import { notesRoutes } from "./notes.routes.ts";
import { createNotesService } from "./notes.service.ts";
import { createImportRuns } from "./import-runs.repo.ts";
import { createTagsRepo } from "./tags.repo.ts";
import { tagsRoutes } from "./tags.routes.ts";
import { createTagsService } from "./tags.service.ts";
import { createSavedMatches } from "./saved-matches.repo.ts";
import { createFeedsService } from "./feeds.service.ts";
import { createStarterService } from "./starter.service.ts";
import { createSupplyRepo } from "./supply.repo.ts";
import { supplyRoutes } from "./supply.routes.ts";

/** Retries of a failed import job before it is given up (and what it added taken out). */
const IMPORT_RETRIES = 2;

/** My library: saved content, courses, folders, and the image proxy for their pictures. */
export function libraryModule(ctx: ModuleContext, opts: { readMetadata?: ReadMetadata; imageCacheDir?: string }) {
  const repo = createContentRepo(ctx.database.db);
  const readMetadata: ReadMetadata =
    opts.readMetadata ??
    (async (url) => {
      const read = await fetchMetadata(url, { fetch: ctx.fetch });
      if (!read.ok) ctx.log.info({ url, reason: read.reason }, "page metadata unavailable");
      return read.ok ? read.metadata : null;
    });
  // The job after a save reads the page once, for its metadata and its readable text; a test's own
  // readMetadata stands in for the page's metadata and gives no text.
  const readPage: ReadPage = opts.readMetadata
    ? async (url) => {
        const metadata = await readMetadata(url);
        return metadata && { metadata, text: null, finalUrl: url };
      }
    : async (url) => {
        const read = await fetchMetadata(url, { fetch: ctx.fetch, readText: true });
        if (!read.ok) ctx.log.info({ url, reason: read.reason }, "page unavailable");
        return read.ok ? { metadata: read.metadata, text: read.text ?? null, finalUrl: read.finalUrl } : null;
      };
  const texts = createContentTexts(ctx.database.db);
  const pageRead = definePageRead({ db: ctx.database.db, jobs: ctx.jobs, events: ctx.events, repo, texts, readPage });
  const items = createItemRepo(ctx.database.db);
  const service = createContentService({
    db: ctx.database.db,
    events: ctx.events,
    repo,
    items,
    readMetadata,
    readLater: pageRead.readLater,
    saved: createSavedMatches(ctx.database.db),
  });
  const images = createImageService({
    cacheDir: opts.imageCacheDir ?? path.join(ctx.config.DATA_DIR, "image-cache"),
    cacheMaxBytes: ctx.config.IMAGE_CACHE_MAX_MB * 1024 * 1024,
    fetch: ctx.fetch,
    onCacheError: (err) => ctx.log.warn({ err }, "image cache write failed"),
  });
  const imports = createImportService({
    db: ctx.database.db,
    events: ctx.events,
    writes: createImportWrites(),
    runs: createImportRuns(ctx.database.db),
    jobs: ctx.jobs,
    mailer: ctx.mailer,
    publicUrl: ctx.config.publicUrl,
  });
  ctx.jobs.define({
    name: IMPORT_JOB,
    data: z.object({ importId: z.number().int() }),
    retryLimit: IMPORT_RETRIES,
    retryDelay: 10,
    // A batch is short; a whole import of 20,000 links takes a minute or two.
    expireInSeconds: 15 * 60,
    run: (data, job) => imports.run(data.importId, { lastAttempt: job.retryCount >= IMPORT_RETRIES }),
  });
  const supply = createSupplyRepo(ctx.database.db);
  const feeds = createFeedsService({ db: ctx.database.db, events: ctx.events, repo: supply, jobs: ctx.jobs, fetch: ctx.fetch });
  for (const job of feeds.jobs) ctx.jobs.define(job);
  return {
    name: "library",
    repo,
    service,
    plugin: async (app) => {
      const tags = createTagsRepo(ctx.database.db);
      await app.register(contentRoutes, { repo, service, texts, tags });
      await app.register(tagsRoutes, { service: createTagsService({ db: ctx.database.db, repo: tags, content: repo }) });
      await app.register(coursesRoutes, { service });
      await app.register(lookupRoutes, { content: repo, items, lookup: createLookupRepo(ctx.database.db) });
      const notes = createNotesService({ db: ctx.database.db, repo: createNotesRepo(ctx.database.db), content: repo, contentService: service });
      await app.register(notesRoutes, { service: notes });
      await app.register(importRoutes, {
        service: imports,
        exports: createExportReads(ctx.database.db),
        clock: ctx.clock,
      });
      const folders = createFoldersRepo(ctx.database.db);
      const places = createFoldersService({ db: ctx.database.db, repo: folders });
      await app.register(foldersRoutes, { folders, places, content: repo, service, tags });
      await app.register(imageRoutes, { service: images });
      const curation = createCurationRepo(ctx.database.db);
      await app.register(curationRoutes, { repo: curation, service: createCurationService({ db: ctx.database.db, events: ctx.events, repo: curation }) });
      const starter = createStarterService({ db: ctx.database.db, events: ctx.events, repo: supply });
      await app.register(supplyRoutes, { repo: supply, starter, feeds });
    },
  } satisfies Module & Record<string, unknown>;
}
