import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

export interface CachedImage {
  body: Buffer;
  contentType: string;
  etag: string;
}

/**
 * Produced images on disk, one `<key>.img` plus a `<key>.json` sidecar (content type, ETag),
 * in 256 sub-folders. No eviction: the folder grows with the catalog's distinct images.
 */
export function createImageDiskCache(dir: string) {
  const files = (key: string) => {
    const folder = path.join(dir, key.slice(0, 2));
    return { folder, image: path.join(folder, `${key}.img`), meta: path.join(folder, `${key}.json`) };
  };

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

  /** The sidecar alone: enough to answer 304 without reading the image. */
  async function head(key: string): Promise<{ contentType: string; etag: string } | null> {
    try {
      const meta = JSON.parse(await readFile(files(key).meta, "utf-8")) as { contentType?: unknown; etag?: unknown };
      if (typeof meta.contentType !== "string" || typeof meta.etag !== "string") return null;
      return { contentType: meta.contentType, etag: meta.etag };
    } catch {
      return null;
    }
  }

  return {
    head,

    async get(key: string): Promise<CachedImage | null> {
      const found = await head(key);
      if (!found) return null;
      try {
        return { ...found, body: await readFile(files(key).image) };
      } catch {
        return null;
      }
    },

    /** Image first, sidecar last: a sidecar on disk means its image is complete. */
    async put(key: string, image: CachedImage): Promise<void> {
      const f = files(key);
      await mkdir(f.folder, { recursive: true });
      await writeAtomically(f.image, image.body);
      await writeAtomically(f.meta, JSON.stringify({ contentType: image.contentType, etag: image.etag }));
    },
  };
}

export type ImageDiskCache = ReturnType<typeof createImageDiskCache>;
