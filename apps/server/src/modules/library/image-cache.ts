import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { LRUCache } from "lru-cache";

export interface CachedImage {
  body: Buffer;
  contentType: string;
  etag: string;
}

export interface ImageDiskCacheOptions {
  /** Most bytes kept on disk, images and sidecars together (default 512 MB). */
  maxBytes?: number;
  /** Told when an evicted entry cannot be removed or the folder cannot be read at start. */
  onError?: (err: unknown) => void;
}

export const DEFAULT_IMAGE_CACHE_MAX_BYTES = 512 * 1024 * 1024;
// A leftover younger than this may be another process's write in progress: left alone.
const LEFTOVER_AGE_MS = 60_000;
const ENTRY_FILE = /^([0-9a-f]{64})\.(img|json)$/;

/**
 * Produced images on disk, one `<key>.img` plus a `<key>.json` sidecar (content type, ETag),
 * in 256 sub-folders, within a size quota: past it, the least recently used go first. Use is
 * kept in memory (lru-cache) and on disk as the sidecar's mtime, touched on every read, so the
 * order survives a restart: the folder is scanned at start, oldest first.
 * Several processes on one folder each keep their own account; an entry another removed reads
 * as a miss and is produced again.
 */
export function createImageDiskCache(dir: string, opts: ImageDiskCacheOptions = {}) {
  const maxBytes = opts.maxBytes ?? DEFAULT_IMAGE_CACHE_MAX_BYTES;
  const onError = opts.onError ?? (() => {});
  const removals = new Set<Promise<void>>();
  const files = (key: string) => {
    const folder = path.join(dir, key.slice(0, 2));
    return { folder, image: path.join(folder, `${key}.img`), meta: path.join(folder, `${key}.json`) };
  };

  /** Sidecar first: once it is gone, readers see a miss rather than half an entry. */
  function remove(key: string) {
    const f = files(key);
    const done = rm(f.meta, { force: true })
      .then(() => rm(f.image, { force: true }))
      .catch(onError)
      .finally(() => removals.delete(done));
    removals.add(done);
  }

  const used = new LRUCache<string, number>({
    maxSize: maxBytes,
    sizeCalculation: (bytes) => Math.max(1, bytes),
    dispose: (_bytes, key, reason) => {
      if (reason === "evict") remove(key);
    },
  });

  function touch(key: string) {
    used.get(key);
    const now = new Date();
    utimes(files(key).meta, now, now).catch(() => {});
  }

  /** What an earlier run left: entries in order of last use, and old leftovers of interrupted writes removed. */
  async function scan() {
    let folders: string[];
    try {
      folders = await readdir(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") onError(err);
      return;
    }
    const found: { key: string; bytes: number; usedAt: number }[] = [];
    const oldBefore = Date.now() - LEFTOVER_AGE_MS;
    for (const sub of folders.filter((f) => /^[0-9a-f]{2}$/.test(f))) {
      const names = await readdir(path.join(dir, sub)).catch(() => [] as string[]);
      const stats = await Promise.all(
        names.map((name) =>
          stat(path.join(dir, sub, name)).then(
            (s) => ({ name, s }),
            () => null,
          ),
        ),
      );
      const entries = new Map<string, { img?: number; meta?: number; usedAt: number; modified: number }>();
      for (const x of stats) {
        if (!x) continue;
        const m = ENTRY_FILE.exec(x.name);
        if (!m) {
          if (x.name.endsWith(".tmp") && x.s.mtimeMs < oldBefore) await rm(path.join(dir, sub, x.name), { force: true }).catch(onError);
          continue;
        }
        const e = entries.get(m[1]!) ?? { usedAt: 0, modified: 0 };
        if (m[2] === "img") e.img = x.s.size;
        else [e.meta, e.usedAt] = [x.s.size, x.s.mtimeMs];
        e.modified = Math.max(e.modified, x.s.mtimeMs);
        entries.set(m[1]!, e);
      }
      for (const [key, e] of entries) {
        if (e.img !== undefined && e.meta !== undefined) found.push({ key, bytes: e.img + e.meta, usedAt: e.usedAt });
        // Half an entry (a crash between its two writes) is useless once no write can still finish it.
        else if (e.modified < oldBefore) remove(key);
      }
    }
    // Oldest first, so the most recently used end up the most recent; beyond the quota, evicted.
    for (const f of found.sort((a, b) => a.usedAt - b.usedAt)) used.set(f.key, f.bytes);
  }
  const ready = scan().catch(onError);

  async function writeAtomically(file: string, data: Buffer | string) {
    // Readers never see half a file: write beside it, then rename over it.
    const tmp = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(tmp, data);
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async function readMeta(key: string): Promise<{ contentType: string; etag: string } | null> {
    try {
      const meta = JSON.parse(await readFile(files(key).meta, "utf-8")) as { contentType?: unknown; etag?: unknown };
      if (typeof meta.contentType !== "string" || typeof meta.etag !== "string") return null;
      return { contentType: meta.contentType, etag: meta.etag };
    } catch {
      return null;
    }
  }

  return {
    /** The sidecar alone: enough to answer 304 without reading the image. */
    async head(key: string): Promise<{ contentType: string; etag: string } | null> {
      const found = await readMeta(key);
      if (found) touch(key);
      return found;
    },

    async get(key: string): Promise<CachedImage | null> {
      const found = await readMeta(key);
      if (!found) return null;
      try {
        const image = { ...found, body: await readFile(files(key).image) };
        touch(key);
        return image;
      } catch {
        return null;
      }
    },

    /** Image first, sidecar last: a sidecar on disk means its image is complete. */
    async put(key: string, image: CachedImage): Promise<void> {
      await ready;
      const meta = JSON.stringify({ contentType: image.contentType, etag: image.etag });
      const bytes = image.body.length + Buffer.byteLength(meta);
      if (bytes > maxBytes) return;
      const f = files(key);
      await mkdir(f.folder, { recursive: true });
      await writeAtomically(f.image, image.body);
      await writeAtomically(f.meta, meta);
      used.set(key, bytes);
    },

    /** Resolves once the start-up scan and every removal so far are done (tests, shutdown). */
    async settled(): Promise<void> {
      await ready;
      while (removals.size > 0) await Promise.all([...removals]);
    },

    /** Entries and bytes this process accounts for. */
    usage: () => ({ entries: used.size, bytes: used.calculatedSize }),
  };
}

export type ImageDiskCache = ReturnType<typeof createImageDiskCache>;
