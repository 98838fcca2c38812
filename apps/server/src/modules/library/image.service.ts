import { createHash } from "node:crypto";
import type { Metadata } from "sharp";
import { AppError } from "../../lib/errors.ts";
import { type SafeFetch, SafeFetchError, type SafeFetchErrorCode } from "../../lib/safe-fetch.ts";
import { createImageDiskCache } from "./image-cache.ts";

/** What the caller accepts, in the spec's order (§9): avif, webp, the original format, jpeg. */
export type ImageVariant = "avif" | "webp" | "original";
export type OutputFormat = "avif" | "webp" | "jpeg" | "png";

export type RenderedImage = { kind: "image"; body: Buffer; contentType: string; etag: string } | { kind: "not_modified"; etag: string };

export interface RenderImageInput {
  imageUrl: string;
  width: number;
  /** The request's Accept header. */
  accept?: string;
  /** The request's If-None-Match header. */
  ifNoneMatch?: string;
}

export interface ImageService {
  render(input: RenderImageInput): Promise<RenderedImage>;
}

export interface ImageServiceOptions {
  /** Where produced images are kept, e.g. `<DATA_DIR>/image-cache`. */
  cacheDir: string;
  fetch: SafeFetch;
  /** Largest source image downloaded (default 10 MB). */
  maxSourceBytes?: number;
  /** Budget for downloading the source (default 8 s). */
  timeoutMs?: number;
  /** Most bytes the disk cache keeps; the least recently used images go first (default 512 MB). */
  cacheMaxBytes?: number;
  /** Told when the disk cache cannot be written or cleaned; the image is still served. */
  onCacheError?: (err: unknown) => void;
}

const MAX_DIMENSION = 8000;
const SOURCE_MAX_BYTES = 10 * 1024 * 1024;
const SOURCE_TIMEOUT_MS = 8000;
const PROCESS_TIMEOUT_S = 15;
// sharp's names for the inputs accepted; SVG is left out on purpose (untrusted XML, scripts).
const INPUT_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif", "avif", "tiff"]);
const CONTENT_TYPES: Record<OutputFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest();

/** Media types the Accept header allows (q > 0), lower case. */
function acceptedTypes(accept: string | undefined): Set<string> {
  const types = new Set<string>();
  for (const part of (accept ?? "").split(",")) {
    const [type, ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    if (type && !(q && Number(q.slice(2)) === 0)) types.add(type);
  }
  return types;
}

/** spec §9 format order: avif, webp, original, jpeg. */
export function negotiateVariant(accept: string | undefined): ImageVariant {
  const types = acceptedTypes(accept);
  if (types.has("image/avif")) return "avif";
  if (types.has("image/webp")) return "webp";
  return "original";
}

/** "original" keeps a JPEG or PNG as it is (a GIF becomes a PNG of its first frame); else JPEG. */
function outputFormat(variant: ImageVariant, source: string): OutputFormat {
  if (variant !== "original") return variant;
  if (source === "jpeg" || source === "png") return source;
  if (source === "gif") return "png";
  return "jpeg";
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/` prefixes do not matter. */
function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || bare(t) === bare(etag));
}

const FETCH_MESSAGES: Partial<Record<SafeFetchErrorCode, string>> = {
  too_large: "The image is larger than 10 MB",
  timeout: "The image took too long to download",
  too_many_redirects: "The image address redirects too many times",
  network_error: "The image server could not be reached",
};

function fetchFailure(err: unknown): AppError {
  if (!(err instanceof SafeFetchError)) {
    return new AppError("bad_request", 422, "The image could not be fetched", { reason: "network_error" });
  }
  // The address itself is unacceptable: a bad request, whatever the server would have said.
  if (err.code === "invalid_url" || err.code === "blocked_address") {
    return new AppError("bad_request", 400, "This image address cannot be fetched", { reason: err.code });
  }
  const message = err.code === "http_error" ? `The image server answered ${err.status ?? "an error"}` : (FETCH_MESSAGES[err.code] ?? err.message);
  return new AppError("bad_request", 422, message, { reason: err.code });
}

const undecodable = (message = "The file is not an image we can read") => new AppError("bad_request", 422, message, { reason: "not_an_image" });

async function transform(source: Buffer, width: number, variant: ImageVariant) {
  // Imported at the first image, not at start.
  const { default: sharp } = await import("sharp");
  // limitInputPixels stops decompression bombs; the explicit check below also refuses 9000×10 strips.
  const open = () => sharp(source, { limitInputPixels: MAX_DIMENSION * MAX_DIMENSION, failOn: "error" });
  let meta: Metadata;
  try {
    meta = await open().metadata();
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw new AppError("bad_request", 422, `Images larger than ${MAX_DIMENSION}×${MAX_DIMENSION} are not accepted`, {
        reason: "too_many_pixels",
      });
    }
    throw undecodable();
  }
  if (!meta.format || !INPUT_FORMATS.has(meta.format)) throw undecodable(`Images in ${meta.format ?? "this"} format are not accepted`);
  if ((meta.width ?? 0) > MAX_DIMENSION || (meta.height ?? 0) > MAX_DIMENSION) {
    throw new AppError("bad_request", 422, `Images larger than ${MAX_DIMENSION}×${MAX_DIMENSION} are not accepted`, {
      reason: "too_many_pixels",
      width: meta.width,
      height: meta.height,
    });
  }

  const format = outputFormat(variant, meta.format);
  let pipeline = open()
    .timeout({ seconds: PROCESS_TIMEOUT_S })
    .rotate() // honour EXIF orientation before the metadata is stripped
    .resize({ width, withoutEnlargement: true });
  if (format === "jpeg") pipeline = pipeline.flatten({ background: "#ffffff" });
  if (format === "avif") pipeline = pipeline.avif({ quality: 55, effort: 4 });
  else if (format === "webp") pipeline = pipeline.webp({ quality: 80 });
  else if (format === "png") pipeline = pipeline.png({ compressionLevel: 9 });
  else pipeline = pipeline.jpeg({ quality: 80, mozjpeg: true });
  try {
    return { body: await pipeline.toBuffer(), format };
  } catch {
    throw undecodable();
  }
}

/** Fetches, checks, resizes and re-encodes remote images; results are kept on disk. */
export function createImageService(opts: ImageServiceOptions): ImageService {
  const cache = createImageDiskCache(opts.cacheDir, { maxBytes: opts.cacheMaxBytes, onError: opts.onCacheError });
  const inFlight = new Map<string, Promise<{ body: Buffer; contentType: string; etag: string }>>();

  async function produce(key: string, imageUrl: string, width: number, variant: ImageVariant) {
    let source: Buffer;
    try {
      const res = await opts.fetch(imageUrl, {
        maxBytes: opts.maxSourceBytes ?? SOURCE_MAX_BYTES,
        timeoutMs: opts.timeoutMs ?? SOURCE_TIMEOUT_MS,
        accept: "image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8",
      });
      source = res.body;
    } catch (err) {
      throw fetchFailure(err);
    }
    const { body, format } = await transform(source, width, variant);
    // Strong: the same bytes for the same URL, width and format always carry the same tag.
    const digest = sha256(`${imageUrl}|${width}|${format}|${sha256(source).toString("hex")}`);
    const image = { body, contentType: CONTENT_TYPES[format], etag: `"${digest.toString("base64url")}"` };
    await cache.put(key, image).catch((err: unknown) => opts.onCacheError?.(err));
    return image;
  }

  return {
    async render({ imageUrl, width, accept, ifNoneMatch }) {
      const variant = negotiateVariant(accept);
      const key = sha256(`${imageUrl}|${width}|${variant}`).toString("hex");

      // The sidecar alone answers a revalidation; otherwise read the whole entry at once.
      const cached = ifNoneMatch ? await cache.head(key) : null;
      if (cached && etagMatches(ifNoneMatch, cached.etag)) return { kind: "not_modified", etag: cached.etag };
      const hit = await cache.get(key);
      if (hit) return { kind: "image", ...hit };

      // Concurrent requests for one image share one download and one encode.
      let pending = inFlight.get(key);
      if (!pending) {
        pending = produce(key, imageUrl, width, variant).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      const image = await pending;
      if (etagMatches(ifNoneMatch, image.etag)) return { kind: "not_modified", etag: image.etag };
      return { kind: "image", ...image };
    },
  };
}
