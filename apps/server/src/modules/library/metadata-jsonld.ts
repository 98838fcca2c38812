import type { ContentType } from "../../lib/providers.ts";
import { LIMITS, type PageMetadata, absoluteHttpUrl, parseDuration, plainText } from "./metadata-values.ts";

type LdNode = Record<string, unknown>;

/** What the JSON-LD of a page says about its main thing. */
export type JsonLdSummary = PageMetadata;

// The schema.org types that describe a library item, and what each is in the product's words.
const PRIMARY_TYPES: Record<string, ContentType> = {
  VideoObject: "video",
  Course: "course",
  Book: "book",
  Audiobook: "book",
  PodcastEpisode: "podcast",
  PodcastSeries: "podcast",
  Article: "article",
  NewsArticle: "article",
  BlogPosting: "article",
  TechArticle: "article",
  ScholarlyArticle: "article",
};

const MAX_NODES = 500;
const MAX_STEPS = 5000;
const isPrimary = (t: string) => Object.hasOwn(PRIMARY_TYPES, t);

const isObject = (v: unknown): v is LdNode => typeof v === "object" && v !== null && !Array.isArray(v);
const asArray = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

/** `@type` names without a vocabulary prefix: "schema:Course", "https://schema.org/Course" → "Course". */
function typesOf(node: LdNode): string[] {
  return asArray(node["@type"])
    .filter((t): t is string => typeof t === "string")
    .map((t) => t.replace(/^.*[/:#]/, ""));
}

function parseScript(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Pages often put raw newlines or tabs inside JSON strings; JSON forbids them, browsers don't care.
    try {
      // eslint-disable-next-line no-control-regex -- the control characters are what is being removed
      return JSON.parse(text.replace(/[\u0000-\u001f]+/g, " "));
    } catch {
      return undefined;
    }
  }
}

/** Every object of every block in document order: arrays, `@graph` and `mainEntity` flattened. */
function collectNodes(scripts: string[]): LdNode[] {
  const nodes: LdNode[] = [];
  const queue: unknown[] = scripts.map(parseScript);
  for (let steps = 0; queue.length && nodes.length < MAX_NODES && steps < MAX_STEPS; steps++) {
    const item = queue.shift();
    if (Array.isArray(item)) {
      queue.unshift(...item.slice(0, MAX_NODES));
      continue;
    }
    if (!isObject(item)) continue;
    nodes.push(item);
    const nested = [...asArray(item["@graph"]), ...asArray(item.mainEntity)].filter(isObject);
    queue.unshift(...nested);
  }
  return nodes;
}

/** Follows `{ "@id": … }` references to the full node elsewhere in the page's graph. */
function deref(value: unknown, byId: Map<string, LdNode>): unknown {
  if (isObject(value) && typeof value["@id"] === "string" && Object.keys(value).length === 1) {
    return byId.get(value["@id"]) ?? value;
  }
  return value;
}

function names(value: unknown, byId: Map<string, LdNode>): string | undefined {
  const list = asArray(value)
    .map((v) => deref(v, byId))
    .map((v) => (typeof v === "string" ? v : isObject(v) ? v.name : undefined))
    .map((v) => plainText(v, LIMITS.author))
    .filter((v): v is string => !!v);
  return list.length ? plainText([...new Set(list)].join(", "), LIMITS.author) : undefined;
}

function imageUrl(value: unknown, byId: Map<string, LdNode>, base: string): string | undefined {
  for (const candidate of asArray(value)) {
    const v = deref(candidate, byId);
    const url = absoluteHttpUrl(isObject(v) ? (v.url ?? v.contentUrl) : v, base);
    if (url) return url;
  }
  return undefined;
}

function durationOf(node: LdNode, byId: Map<string, LdNode>): number | undefined {
  const direct = parseDuration(node.duration) ?? parseDuration(node.timeRequired);
  if (direct !== undefined) return direct;
  // A Course states its length per run: hasCourseInstance[].courseWorkload.
  for (const instance of asArray(node.hasCourseInstance).map((v) => deref(v, byId))) {
    if (!isObject(instance)) continue;
    const d = parseDuration(instance.courseWorkload) ?? parseDuration(instance.duration);
    if (d !== undefined) return d;
  }
  return undefined;
}

/** Reads the JSON-LD blocks of a page; the first node of a known type is the page's subject. */
export function readJsonLd(scripts: string[], base: string): JsonLdSummary {
  const nodes = collectNodes(scripts);
  if (!nodes.length) return {};
  const byId = new Map<string, LdNode>();
  for (const n of nodes) if (typeof n["@id"] === "string" && Object.keys(n).length > 1) byId.set(n["@id"], n);

  const main = nodes.find((n) => typesOf(n).some(isPrimary));
  if (!main) return {};
  const type = typesOf(main).find(isPrimary)!;
  const publisher = deref(main.publisher ?? main.provider, byId);
  return {
    title: plainText(main.name, LIMITS.title) ?? plainText(main.headline, LIMITS.title),
    author: names(main.author, byId) ?? names(main.creator, byId),
    description: plainText(main.description, LIMITS.description),
    image: imageUrl(main.image, byId, base) ?? imageUrl(main.thumbnailUrl, byId, base) ?? imageUrl(main.thumbnail, byId, base),
    duration_s: durationOf(main, byId),
    site_name: isObject(publisher) ? plainText(publisher.name, LIMITS.site_name) : undefined,
    content_type_hint: PRIMARY_TYPES[type],
  };
}
