import {
  HIGHLIGHT_COMMENT_MAX,
  HIGHLIGHT_TEXT_MAX,
  HIGHLIGHTS_PER_ITEM_MAX,
  HttpUrl,
  ITEM_TAGS_MAX,
  NOTE_MAX,
  normalizeTagName,
  TAG_NAME_MAX,
} from "@learnward/contracts";

/** Where an imported link goes: a folder, and a section of it (a folder inside a folder in the file). */
export interface ImportPlace {
  folder: string;
  section: string | null;
  /** Its place among the folder's items when the file says (Learnward's own export); else the file's order. */
  position: number | null;
}

/** A passage the file quotes from the link's page, with the person's comment on it. */
export interface ImportHighlight {
  text: string;
  comment: string | null;
  position: number | null;
  createdAt: Date | null;
}

/** One link read from an imported file, with what the file says about it. */
export interface ImportEntry {
  /** Where it stands in the file: the line of a bookmark or of a JSON entry, the row of a CSV (the header is row 1). */
  line: number;
  url: string;
  title: string | null;
  description: string | null;
  places: ImportPlace[];
  createdAt: Date | null;
  /** The file marks it private (a bookmark's PRIVATE="1", a CSV's private column). */
  isPrivate: boolean;
  tags: string[];
  /** Read, archived or finished in the tool it comes from. */
  done: boolean;
  favourite: boolean;
  /** The person's own note on it (Markdown in Learnward's export), and the passages they highlighted. */
  note: string | null;
  highlights: ImportHighlight[];
  /** What only Learnward's own export carries: the item as it was in the library it left. */
  item?: { contentType: string | null; author: string | null; durationS: number | null; imageUrl: string | null; courseStatus: string | null };
}

export interface ImportSkip {
  line: number;
  url: string;
  reason: "not_a_link" | "no_link";
}

/** What a reader makes of a file: its links in the file's order, and the entries it could not take. */
export interface ImportRead {
  entries: ImportEntry[];
  skipped: ImportSkip[];
}

export const FOLDER_NAME_MAX = 120;
export const TITLE_MAX = 300;
export const DESCRIPTION_MAX = 5000;

// Control characters (a JSON file's "\u0000" among them, which the database refuses to store).
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Text squeezed to one line, without control characters, and cut to `max`; null when nothing is left. */
export const text = (value: unknown, max: number) => {
  const t = typeof value === "string" ? value.replace(CONTROL, "").replace(/\s+/g, " ").trim() : typeof value === "number" ? String(value) : "";
  return t ? t.slice(0, max) : null;
};

/** Text of several lines (a note, a quote: line breaks and tabs kept), without control characters, ends trimmed, cut to `max`; null when nothing is left. */
export const lines = (value: unknown, max: number) => {
  const t = typeof value === "string" ? value.replace(CONTROL, "").replace(/\r\n?/g, "\n").trim() : "";
  return t ? Array.from(t).slice(0, max).join("").trim() : null;
};

/** The person's note on a link, within what a note keeps. */
export const noteOf = (value: unknown) => lines(value, NOTE_MAX);

/**
 * Highlights as a file gives them, each read by `read` into a quote and a comment: empty quotes
 * dropped, each cut to what a highlight keeps, no more than one item keeps.
 */
export function highlightsOf<T>(
  values: T[],
  read: (value: T) => { text: unknown; comment?: unknown; position?: unknown; createdAt?: unknown },
): ImportHighlight[] {
  const out: ImportHighlight[] = [];
  for (const value of values) {
    const h = read(value);
    const quote = lines(h.text, HIGHLIGHT_TEXT_MAX);
    if (!quote) continue;
    const position = h.position;
    out.push({
      text: quote,
      comment: lines(h.comment, HIGHLIGHT_COMMENT_MAX),
      position: Number.isInteger(position) && (position as number) >= 0 && (position as number) <= 2_147_483_647 ? (position as number) : null,
      createdAt: dateOf(h.createdAt),
    });
    if (out.length === HIGHLIGHTS_PER_ITEM_MAX) break;
  }
  return out;
}

/**
 * A CSV cell of highlights, as Learnward's CSV writes it and Raindrop's is read: each passage after
 * "Highlight:", its comment after "Note:", passages apart by an empty line. A cell without those
 * words is one passage per paragraph.
 */
export function highlightsCell(raw: string | undefined): ImportHighlight[] {
  const cell = raw?.replace(/\r\n?/g, "\n").trim() ?? "";
  if (!cell) return [];
  if (!/^Highlight:/m.test(cell)) return highlightsOf(cell.split(/\n\s*\n/), (text) => ({ text }));
  const parts = cell.split(/^Highlight:[ \t]?/m).filter((part) => part.trim());
  return highlightsOf(parts, (part) => {
    const [text, ...comment] = part.split(/^Note:[ \t]?/m);
    return { text, comment: comment.join("Note: ") };
  });
}

/** The CSV cell of highlights highlightsCell reads back. */
export const highlightsCellOf = (highlights: { text: string; comment: string | null }[]) =>
  highlights.map((h) => `Highlight: ${h.text}${h.comment ? `\nNote: ${h.comment}` : ""}`).join("\n\n");

/** A tool's tags as the library keeps them (normalizeTagName), without blanks or repeats (case aside), cut to a tag's length. */
export function tagsOf(values: unknown[]): string[] {
  const tags = new Map<string, string>();
  for (const value of values) {
    const tag = normalizeTagName(text(value, TAG_NAME_MAX * 4) ?? "")
      .slice(0, TAG_NAME_MAX)
      .trim();
    if (tag && !tags.has(tag.toLowerCase())) tags.set(tag.toLowerCase(), tag);
  }
  return [...tags.values()].slice(0, ITEM_TAGS_MAX);
}

/** Seconds since 1970 (milliseconds when that large) or an ISO date; null when it is neither. */
export function dateOf(raw: unknown): Date | null {
  const t = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!t) return null;
  const n = /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
  const date = Number.isFinite(n) ? new Date(n > 1e11 ? n : n * 1000) : new Date(t);
  // Outside 1990..2100 it is a misread, not a date.
  return Number.isNaN(date.getTime()) || date.getFullYear() < 1990 || date.getFullYear() > 2100 ? null : date;
}

/** A folder path from a file (outermost first) as a place: the outermost folder, the rest named as its section. */
export function placeOf(path: (string | null | undefined)[], position: number | null = null): ImportPlace[] {
  const names = path.map((name) => text(name, FOLDER_NAME_MAX)).filter((name): name is string => name !== null);
  if (!names.length) return [];
  const [folder] = names as [string, ...string[]];
  return [{ folder, section: names.length > 1 ? names.slice(1).join(" / ").slice(0, FOLDER_NAME_MAX) : null, position }];
}

/**
 * Collects a file's entries: a link goes in, anything else is skipped with its line. `url` is
 * what the file gives, untrusted; only http(s) links are taken.
 */
export function collector() {
  const read: ImportRead = { entries: [], skipped: [] };
  return {
    read,
    add(line: number, url: unknown, entry: Omit<ImportEntry, "line" | "url">) {
      const href = typeof url === "string" ? url.trim() : "";
      if (!href) read.skipped.push({ line, url: "", reason: "no_link" });
      else if (new RegExp(CONTROL.source).test(href) || !HttpUrl.safeParse(href).success)
        read.skipped.push({ line, url: href.replace(CONTROL, "").slice(0, 200), reason: "not_a_link" });
      else read.entries.push({ line, url: href, ...entry });
    },
  };
}

/** An entry's defaults: no folder, tags or states. */
export const plain = (): Omit<ImportEntry, "line" | "url" | "title"> => ({
  places: [],
  createdAt: null,
  isPrivate: false,
  tags: [],
  done: false,
  favourite: false,
  description: null,
  note: null,
  highlights: [],
});
