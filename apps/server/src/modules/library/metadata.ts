import { parse, type DefaultTreeAdapterMap } from "parse5";
import { type ContentType, recognise } from "../../lib/providers.ts";
import { type SafeFetch, SafeFetchError, type SafeFetchErrorCode } from "../../lib/safe-fetch.ts";
import { readJsonLd } from "./metadata-jsonld.ts";
import { type ReadableText, readableShape, readableText } from "./readable-text.ts";
import { LIMITS, type PageMetadata, absoluteHttpUrl, parseDuration, plainText, squish, textContent } from "./metadata-values.ts";

export type { PageMetadata };

type Element = DefaultTreeAdapterMap["element"];
type Node = DefaultTreeAdapterMap["node"];

export type MetadataFailure = SafeFetchErrorCode | "not_html" | "unexpected_error";
export type FetchMetadataResult =
  | { ok: true; metadata: PageMetadata; finalUrl: string; /** With readText: the page's readable text, null when it has none. */ text?: ReadableText | null }
  | { ok: false; reason: MetadataFailure; message: string };

export interface FetchMetadataOptions {
  fetch: SafeFetch;
  /** Budget for the page (default 5 s); oEmbed gets at most 3 s more. */
  timeoutMs?: number;
  /** Largest page read (default 2 MB). */
  maxBytes?: number;
  /** Also keep the page's readable text (the job after a save; a preview needs none of it). */
  readText?: boolean;
}

const HTML_NS = "http://www.w3.org/1999/xhtml";
const PAGE_MAX_BYTES = 2 * 1024 * 1024;
const PAGE_TIMEOUT_MS = 5000;
const OEMBED_MAX_BYTES = 256 * 1024;
const OEMBED_TIMEOUT_MS = 3000;
const MAX_JSON_LD_BLOCKS = 20;

/** The raw signals of a page, gathered in one walk over the parsed tree. */
interface PageSignals {
  /** `<meta property|name>` keys (lower case) → first non-empty content. */
  meta: Map<string, string>;
  itempropDuration?: string;
  title?: string;
  base?: string;
  imageSrc?: string;
  oembed?: string;
  jsonLd: string[];
  /** Elements in the page and their deepest nesting: whether its readable text may be read (readable-text.ts). */
  elements: number;
  depth: number;
}

const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

function collect(html: string): PageSignals {
  const signals: PageSignals = { meta: new Map(), jsonLd: [], elements: 0, depth: 0 };
  const stack: [Node, number][] = [[parse(html), 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if ("tagName" in node) {
      signals.elements++;
      if (depth > signals.depth) signals.depth = depth;
      if (node.namespaceURI === HTML_NS) visit(node, signals);
    }
    // <template> contents live apart from childNodes and are never read: inert markup.
    if ("childNodes" in node) for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push([node.childNodes[i]!, depth + 1]);
  }
  return signals;
}

function visit(el: Element, s: PageSignals) {
  const itemprop = attr(el, "itemprop")?.trim().toLowerCase();
  if (itemprop === "duration" && s.itempropDuration === undefined) {
    s.itempropDuration = attr(el, "content") ?? attr(el, "datetime") ?? textContent(el);
  }
  switch (el.tagName) {
    case "meta": {
      const content = attr(el, "content")?.trim();
      const key = (attr(el, "property") ?? attr(el, "name"))?.trim().toLowerCase();
      if (key && content && !s.meta.has(key)) s.meta.set(key, content);
      break;
    }
    case "title":
      s.title ??= textContent(el);
      break;
    case "base":
      s.base ??= attr(el, "href");
      break;
    case "link": {
      const rel = (attr(el, "rel") ?? "").toLowerCase().split(/\s+/);
      const type = attr(el, "type")?.trim().toLowerCase();
      const href = attr(el, "href");
      if (!href) break;
      if (rel.includes("alternate") && type === "application/json+oembed") s.oembed ??= href;
      if (rel.includes("image_src")) s.imageSrc ??= href;
      break;
    }
    case "script": {
      const type = attr(el, "type")?.split(";")[0]!.trim().toLowerCase();
      if (type === "application/ld+json" && s.jsonLd.length < MAX_JSON_LD_BLOCKS) s.jsonLd.push(textContent(el));
      break;
    }
  }
}

const first = <T>(...values: (T | undefined)[]) => values.find((v) => v !== undefined);
const OG_TYPES: Record<string, ContentType> = { video: "video", book: "book", article: "article" };
const withoutEmpty = (m: PageMetadata) => Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined)) as PageMetadata;

/**
 * Metadata from Open Graph, Twitter cards, JSON-LD and plain HTML. Open Graph wins for what a
 * page shares (title, description, image); JSON-LD wins for facts (author, duration).
 */
export function extractMetadata(html: string, pageUrl: string): PageMetadata {
  return fromSignals(collect(html), pageUrl);
}

function fromSignals(s: PageSignals, pageUrl: string): PageMetadata {
  const base = absoluteHttpUrl(s.base, pageUrl) ?? pageUrl;
  const m = (key: string) => s.meta.get(key);
  const ld = readJsonLd(s.jsonLd, base);
  const metaAuthor = [m("book:author"), m("article:author"), m("author")].find((a) => a && !/^https?:\/\//i.test(a));
  const ogType = m("og:type")?.toLowerCase().split(".")[0];
  const provider = recognise(pageUrl);

  const metadata: PageMetadata = {
    title: first(squish(m("og:title"), LIMITS.title), ld.title, squish(m("twitter:title"), LIMITS.title), squish(s.title, LIMITS.title)),
    author: first(ld.author, squish(metaAuthor, LIMITS.author)),
    description: first(
      squish(m("og:description"), LIMITS.description),
      ld.description,
      squish(m("twitter:description"), LIMITS.description),
      squish(m("description"), LIMITS.description),
    ),
    image: first(
      absoluteHttpUrl(m("og:image:secure_url"), base),
      absoluteHttpUrl(m("og:image"), base),
      absoluteHttpUrl(m("og:image:url"), base),
      ld.image,
      absoluteHttpUrl(m("twitter:image"), base),
      absoluteHttpUrl(m("twitter:image:src"), base),
      absoluteHttpUrl(s.imageSrc, base),
    ),
    duration_s: first(
      ld.duration_s,
      parseDuration(m("video:duration")),
      parseDuration(m("og:video:duration")),
      parseDuration(m("music:duration")),
      parseDuration(s.itempropDuration),
    ),
    site_name: first(squish(m("og:site_name"), LIMITS.site_name), ld.site_name, squish(m("application-name"), LIMITS.site_name)),
    // A recognised provider (spec §3) knows better than a generic og:type of "website".
    content_type_hint: first(
      ld.content_type_hint,
      provider.provider ? provider.type : undefined,
      ogType && Object.hasOwn(OG_TYPES, ogType) ? OG_TYPES[ogType] : undefined,
    ),
  };
  return withoutEmpty(metadata);
}

function charsetOf(contentTypeHeader: string | undefined, body: Buffer): string {
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentTypeHeader ?? "")?.[1];
  // HTML's prescan: a <meta charset> in the first 1024 bytes counts when the header is silent.
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 1024).toString("latin1"))?.[1];
  return fromHeader ?? fromMeta ?? "utf-8";
}

function decodeHtml(body: Buffer, contentTypeHeader: string | undefined): string {
  try {
    return new TextDecoder(charsetOf(contentTypeHeader, body)).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

/** Fills what the page left empty from its oEmbed answer; failures are ignored. */
async function withOembed(metadata: PageMetadata, href: string, fetch: SafeFetch, timeoutMs: number): Promise<PageMetadata> {
  try {
    const res = await fetch(href, { maxBytes: OEMBED_MAX_BYTES, timeoutMs, accept: "application/json" });
    const data = JSON.parse(res.body.toString("utf-8")) as Record<string, unknown>;
    if (typeof data !== "object" || data === null) return metadata;
    return {
      ...metadata,
      title: metadata.title ?? plainText(data.title, LIMITS.title),
      author: metadata.author ?? plainText(data.author_name, LIMITS.author),
      image: metadata.image ?? absoluteHttpUrl(data.thumbnail_url, res.finalUrl),
      duration_s: metadata.duration_s ?? parseDuration(data.duration),
      site_name: metadata.site_name ?? plainText(data.provider_name, LIMITS.site_name),
      content_type_hint: metadata.content_type_hint ?? (data.type === "video" ? "video" : undefined),
    };
  } catch {
    return metadata;
  }
}

/**
 * Reads a page's metadata through the safe fetcher. Never throws: when the page cannot be
 * read the caller keeps what the user typed.
 */
export async function fetchMetadata(url: string, opts: FetchMetadataOptions): Promise<FetchMetadataResult> {
  const timeoutMs = opts.timeoutMs ?? PAGE_TIMEOUT_MS;
  try {
    const res = await opts.fetch(url, {
      maxBytes: opts.maxBytes ?? PAGE_MAX_BYTES,
      timeoutMs,
      accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
    });
    if (res.contentType !== "text/html" && res.contentType !== "application/xhtml+xml") {
      return { ok: false, reason: "not_html", message: `The page is ${res.contentType ?? "of an unknown type"}, not HTML` };
    }
    const html = decodeHtml(res.body, res.headers["content-type"]);
    const signals = collect(html);
    let metadata = fromSignals(signals, res.finalUrl);
    const oembed = absoluteHttpUrl(signals.oembed, absoluteHttpUrl(signals.base, res.finalUrl) ?? res.finalUrl);
    if (oembed) metadata = await withOembed(metadata, oembed, opts.fetch, Math.min(OEMBED_TIMEOUT_MS, timeoutMs));
    const read = { ok: true as const, metadata: withoutEmpty(metadata), finalUrl: res.finalUrl };
    if (!opts.readText) return read;
    // From the HTML already fetched, and only when its shape is safe to read (readable-text.ts).
    return { ...read, text: readableShape(signals) ? readableText(html) : null };
  } catch (err) {
    if (err instanceof SafeFetchError) return { ok: false, reason: err.code, message: err.message };
    return { ok: false, reason: "unexpected_error", message: "The page could not be read" };
  }
}
