import { parse, type DefaultTreeAdapterTypes as T } from "parse5";
import Papa from "papaparse";
import { HttpUrl, type ImportContentRequest } from "@learnward/contracts";

/** One link read from an imported file, with what the file says about it. */
export interface ImportEntry {
  /** Where it stands in the file: the line of a bookmark, the row of a CSV (the header is row 1). */
  line: number;
  url: string;
  title: string | null;
  description: string | null;
  /** The folder it was in (the innermost one of a bookmark file). */
  folder: string | null;
  createdAt: Date | null;
  /** The file marks it private (a bookmark's PRIVATE="1", a CSV's private column). */
  isPrivate: boolean;
}

export interface ImportSkip {
  line: number;
  url: string;
  reason: "not_a_link" | "duplicate_in_file";
}

const FOLDER_NAME_MAX = 120;
const TITLE_MAX = 300;
const DESCRIPTION_MAX = 5000;

const text = (value: string | null | undefined, max: number) => {
  const t = value?.replace(/\s+/g, " ").trim();
  return t ? t.slice(0, max) : null;
};

/** Seconds since 1970 (milliseconds when that large) or an ISO date; null when it is neither. */
function dateOf(raw: string | null | undefined): Date | null {
  const t = raw?.trim();
  if (!t) return null;
  const n = /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
  const date = Number.isFinite(n) ? new Date(n > 1e11 ? n : n * 1000) : new Date(t);
  // Outside 1990..2100 it is a misread, not a date.
  return Number.isNaN(date.getTime()) || date.getFullYear() < 1990 || date.getFullYear() > 2100 ? null : date;
}

const attr = (el: T.Element, name: string) => el.attrs.find((a) => a.name === name)?.value ?? null;
const isElement = (node: T.ChildNode): node is T.Element => "tagName" in node;
const textOf = (node: T.ParentNode): string =>
  node.childNodes.map((child) => (child.nodeName === "#text" ? (child as T.TextNode).value : "childNodes" in child ? textOf(child) : "")).join("");

/**
 * The Netscape bookmark file: <DT><H3>folder</H3><DL> … <DT><A HREF ADD_DATE>title</A><DD>notes.
 * Read with an HTML parser (parse5, which never runs scripts), tolerant as browsers are of the
 * format's unclosed tags. A folder's name is the <H3> just before its <DL>.
 */
function readBookmarks(html: string): { entries: ImportEntry[]; skipped: ImportSkip[] } {
  const entries: ImportEntry[] = [];
  const skipped: ImportSkip[] = [];
  // `notes`: the <DD> after the <DT> being read, which holds a link's notes.
  const walk = (node: T.ParentNode, folder: string | null, notes: string | null) => {
    let heading: string | null = null;
    const children = node.childNodes.filter(isElement);
    children.forEach((child, i) => {
      if (child.tagName === "h3") heading = text(textOf(child), FOLDER_NAME_MAX);
      else if (child.tagName === "dl") {
        walk(child, heading ?? folder, null);
        heading = null;
      } else if (child.tagName === "dt") {
        const next = children[i + 1];
        walk(child, folder, next?.tagName === "dd" ? textOf(next) : null);
      } else if (child.tagName === "a" && attr(child, "href") !== null) {
        const line = child.sourceCodeLocation?.startLine ?? 0;
        const href = attr(child, "href")!.trim();
        if (!HttpUrl.safeParse(href).success) {
          skipped.push({ line, url: href.slice(0, 200), reason: "not_a_link" });
          return;
        }
        entries.push({
          line,
          url: href,
          title: text(textOf(child), TITLE_MAX),
          description: text(notes, DESCRIPTION_MAX),
          folder,
          createdAt: dateOf(attr(child, "add_date")),
          isPrivate: attr(child, "private") === "1",
        });
      } else if (child.tagName !== "dd") walk(child, folder, notes);
    });
  };
  walk(parse(html, { sourceCodeLocationInfo: true }), null, null);
  return { entries, skipped };
}

const URL_COLUMNS = ["url", "href", "link"];
const TITLE_COLUMNS = ["title", "name"];
const DESCRIPTION_COLUMNS = ["description", "excerpt", "note", "notes"];
const DATE_COLUMNS = ["created", "time_added", "created_at", "date", "added"];
const FOLDER_COLUMNS = ["folder", "collection"];
const PRIVATE_COLUMNS = ["private", "is_private"];
const YES = new Set(["yes", "true", "1"]);

/** A CSV with a header row: Pocket's (title, url, time_added), Raindrop's (url, title, excerpt, folder, created) and the like. */
function readCsv(csv: string): { entries: ImportEntry[]; skipped: ImportSkip[] } {
  const parsed = Papa.parse<Record<string, string | undefined>>(csv, {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const fields = parsed.meta.fields ?? [];
  const column = (names: string[]) => names.find((n) => fields.includes(n));
  const [urlColumn, titleColumn, descriptionColumn, dateColumn, folderColumn, privateColumn] = [
    URL_COLUMNS,
    TITLE_COLUMNS,
    DESCRIPTION_COLUMNS,
    DATE_COLUMNS,
    FOLDER_COLUMNS,
    PRIVATE_COLUMNS,
  ].map(column);
  const entries: ImportEntry[] = [];
  const skipped: ImportSkip[] = [];
  if (!urlColumn) return { entries, skipped };
  parsed.data.forEach((row, i) => {
    const line = i + 2;
    const url = row[urlColumn]?.trim() ?? "";
    if (!HttpUrl.safeParse(url).success) {
      skipped.push({ line, url: url.slice(0, 200), reason: "not_a_link" });
      return;
    }
    const cell = (name: string | undefined) => (name ? row[name] : undefined);
    entries.push({
      line,
      url,
      title: text(cell(titleColumn), TITLE_MAX),
      description: text(cell(descriptionColumn), DESCRIPTION_MAX),
      folder: text(cell(folderColumn), FOLDER_NAME_MAX),
      createdAt: dateOf(cell(dateColumn)),
      isPrivate: YES.has(cell(privateColumn)?.trim().toLowerCase() ?? ""),
    });
  });
  return { entries, skipped };
}

/** The links of an imported file, in the file's order, and the entries that are not links. */
export function readImport(format: ImportContentRequest["format"], content: string) {
  return format === "bookmarks_html" ? readBookmarks(content) : readCsv(content);
}
