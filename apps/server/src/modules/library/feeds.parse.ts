import Parser from "rss-parser";
import type { CatalogFeedKind } from "@learnward/contracts";
import { DESCRIPTION_MAX, text, TITLE_MAX } from "./import.entry.ts";

// What a feed says, read from a body fetched through the app's safe fetch (never rss-parser's own
// parseURL, which would fetch any address). xml2js (sax) under rss-parser expands no DTD entity: a
// document using one, external (a local file) or nested (a billion laughs), fails to parse and is
// no feed; the body's size is bounded by the fetch before it is parsed.

/** Entries read per refresh: a feed's newest; an older backlog is not the catalog's news. */
export const ENTRIES_PER_READ = 200;

export type FeedAddress = { ok: true; url: string } | { ok: false; reason: "invalid" | "youtube_handle" };

const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com"]);
const CHANNEL_ID = /^UC[\w-]{22}$/;
const PLAYLIST_ID = /^[\w-]{10,64}$/;
const USER_NAME = /^[\w.-]{1,100}$/;
const youtubeFeed = (key: "channel_id" | "playlist_id" | "user", value: string) =>
  `https://www.youtube.com/feeds/videos.xml?${key}=${encodeURIComponent(value)}`;

/** A YouTube page's feed, where its address alone says which (a channel id, a playlist, a legacy user name). */
function youtubeAddress(url: URL): FeedAddress {
  const [first, second] = url.pathname.split("/").filter(Boolean);
  const q = url.searchParams;
  if (first === "feeds" && second === "videos.xml") {
    for (const [key, re] of [
      ["channel_id", CHANNEL_ID],
      ["playlist_id", PLAYLIST_ID],
      ["user", USER_NAME],
    ] as const) {
      const v = q.get(key);
      if (v && re.test(v)) return { ok: true, url: youtubeFeed(key, v) };
    }
    return { ok: false, reason: "invalid" };
  }
  if (first === "channel" && second && CHANNEL_ID.test(second)) return { ok: true, url: youtubeFeed("channel_id", second) };
  if (first === "user" && second && USER_NAME.test(second)) return { ok: true, url: youtubeFeed("user", second) };
  const list = q.get("list");
  if ((first === "playlist" || first === "watch") && list && PLAYLIST_ID.test(list)) return { ok: true, url: youtubeFeed("playlist_id", list) };
  // An @handle or a /c/ name needs the channel's page read to find its id: the person is asked for the channel's address.
  if (first?.startsWith("@") || first === "c") return { ok: false, reason: "youtube_handle" };
  return { ok: false, reason: "invalid" };
}

/** The address a feed is followed at: an http(s) URL, a YouTube channel's or playlist's page turned into its feed. */
export function feedAddress(raw: string): FeedAddress {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password) return { ok: false, reason: "invalid" };
  url.hash = "";
  if (YOUTUBE_HOSTS.has(url.hostname.toLowerCase())) return youtubeAddress(url);
  if (url.hostname.toLowerCase() === "youtu.be") return { ok: false, reason: "invalid" };
  return { ok: true, url: url.toString() };
}

/** One entry of a feed, as a catalog item takes it. */
export interface FeedEntry {
  url: string;
  title: string;
  description: string | null;
  author: string | null;
  durationS: number | null;
  imageUrl: string | null;
}

export interface ReadFeed {
  title: string | null;
  kind: CatalogFeedKind;
  /** The feed's declared language when it is one the catalog speaks. */
  language: "en" | "es" | null;
  entries: FeedEntry[];
}

type Media = { "media:description"?: unknown[]; "media:thumbnail"?: { $?: { url?: string } }[] };
type Item = Parser.Item & {
  author?: string;
  summary?: string;
  videoId?: string;
  mediaGroup?: Media;
  itunes?: { duration?: string; image?: string; summary?: string; author?: string };
  enclosure?: { url?: string; type?: string };
};
type Feed = Parser.Output<Item> & { language?: string; itunes?: unknown };

// A parser per read: xml2js's parser keeps state between documents, and one left by a document that
// failed half way answers the next one wrongly.
const parser = () =>
  new Parser<Record<string, unknown>, Item>({
    customFields: { feed: ["language"], item: [["media:group", "mediaGroup"], ["yt:videoId", "videoId"], "summary"] },
  });

/** "1:02:03", "62:03" or "3723" seconds; null for anything else. */
export function durationOf(raw: unknown): number | null {
  const s = typeof raw === "string" ? raw.trim() : typeof raw === "number" ? String(raw) : "";
  if (!/^\d{1,6}(:\d{1,2}){0,2}$/.test(s)) return null;
  const seconds = s.split(":").reduce((total, part) => total * 60 + Number(part), 0);
  return seconds > 0 && seconds <= 2_147_483_647 ? seconds : null;
}

/** Text without its markup (an Atom summary or media description may carry HTML). */
const plain = (value: unknown, max: number) => text(typeof value === "string" ? value.replace(/<[^>]*>/g, " ") : value, max);

/** An http(s) link of the entry, relative ones read against the feed's own address. */
function linkOf(raw: unknown, base: string): string | null {
  if (typeof raw !== "string" || !raw.trim()) return null;
  try {
    const url = new URL(raw.trim(), base);
    return (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password && url.href.length <= 2048 ? url.href : null;
  } catch {
    return null;
  }
}

function kindOf(feed: Feed, feedUrl: string): CatalogFeedKind {
  const items = feed.items ?? [];
  if (/^https:\/\/(www\.)?youtube\.com\/feeds\/videos\.xml/.test(feedUrl) || items.some((i) => i.videoId)) return "video";
  if (feed.itunes || items.some((i) => /^(audio|video)\//.test(i.enclosure?.type ?? ""))) return "podcast";
  return "articles";
}

function entryOf(item: Item, kind: CatalogFeedKind, base: string): FeedEntry | null {
  const url = linkOf(item.link, base) ?? (kind === "podcast" ? linkOf(item.enclosure?.url, base) : null);
  if (!url) return null;
  const media = item.mediaGroup;
  const thumbnail = media?.["media:thumbnail"]?.[0]?.$?.url;
  return {
    url,
    title: text(item.title, TITLE_MAX) ?? url.slice(0, TITLE_MAX),
    description:
      plain(item.contentSnippet, DESCRIPTION_MAX) ??
      plain(item.summary, DESCRIPTION_MAX) ??
      plain(item.itunes?.summary, DESCRIPTION_MAX) ??
      plain(media?.["media:description"]?.[0], DESCRIPTION_MAX),
    author: text(item.creator ?? item.author ?? item.itunes?.author, 200),
    durationS: durationOf(item.itunes?.duration),
    imageUrl: linkOf(item.itunes?.image ?? thumbnail, base),
  };
}

/**
 * Atom's dates, which the catalog does not keep: rss-parser turns an entry's date into ISO text
 * without a guard, so one date it cannot read would make the whole feed unreadable.
 */
const ATOM_DATES = /<(published|updated)(\s[^>]*)?>[^<]*<\/\1\s*>/g;

/** The feed in a body, or null when the body is no RSS or Atom feed. */
export async function readFeed(body: Buffer, feedUrl: string): Promise<ReadFeed | null> {
  let feed: Feed;
  try {
    feed = (await parser().parseString(body.toString("utf-8").replace(ATOM_DATES, ""))) as Feed;
  } catch {
    return null;
  }
  const kind = kindOf(feed, feedUrl);
  // A relative entry link is the site's (the feed's own link), else the feed document's.
  const base = linkOf(feed.link, feedUrl) ?? feedUrl;
  const entries: FeedEntry[] = [];
  const seen = new Set<string>();
  for (const item of feed.items ?? []) {
    const entry = entryOf(item, kind, base);
    if (!entry || seen.has(entry.url)) continue;
    seen.add(entry.url);
    entries.push(entry);
    if (entries.length === ENTRIES_PER_READ) break;
  }
  const lang = typeof feed.language === "string" ? feed.language.trim().slice(0, 2).toLowerCase() : "";
  return { title: text(feed.title, TITLE_MAX), kind, language: lang === "en" || lang === "es" ? lang : null, entries };
}
