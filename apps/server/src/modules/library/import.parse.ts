import { parse, type DefaultTreeAdapterTypes as T } from "parse5";
import Papa from "papaparse";
import { type ImportFormat, ItemState } from "@learnward/contracts";
import { unescapeCell } from "../../lib/csv.ts";
import { AppError } from "../../lib/errors.ts";
import {
  collector,
  dateOf,
  DESCRIPTION_MAX,
  FOLDER_NAME_MAX,
  highlightsCell,
  noteOf,
  placeOf,
  tagsOf,
  text,
  TITLE_MAX,
  type ImportRead,
} from "./import.entry.ts";
import { readJson } from "./import.json.ts";

export type { ImportEntry, ImportPlace, ImportSkip } from "./import.entry.ts";

const attr = (el: T.Element, name: string) => el.attrs.find((a) => a.name === name)?.value ?? null;
const isElement = (node: T.ChildNode): node is T.Element => "tagName" in node;
const textOf = (node: T.ParentNode): string =>
  node.childNodes.map((child) => (child.nodeName === "#text" ? (child as T.TextNode).value : "childNodes" in child ? textOf(child) : "")).join("");

/**
 * The Netscape bookmark file: <DT><H3>folder</H3><DL> … <DT><A HREF ADD_DATE TAGS>title</A><DD>notes.
 * Read with an HTML parser (parse5, which never runs scripts), tolerant as browsers are of the
 * format's unclosed tags. A folder's name is the <H3> just before its <DL>; a folder inside a
 * folder becomes a section of the outer one. Pocket's older export is a list under <H1>Unread</H1>
 * and <H1>Read Archive</H1>: links under the second are done.
 */
function readBookmarks(html: string): ImportRead {
  const { read, add } = collector();
  // `notes`: the <DD> after the <DT> being read, which holds a link's notes.
  const walk = (node: T.ParentNode, path: string[], notes: string | null, done: boolean) => {
    let heading: string | null = null;
    const children = node.childNodes.filter(isElement);
    children.forEach((child, i) => {
      if (child.tagName === "h3") heading = text(textOf(child), FOLDER_NAME_MAX);
      else if (child.tagName === "h1") done = /archive/i.test(textOf(child));
      else if (child.tagName === "dl") {
        walk(child, heading ? [...path, heading] : path, null, done);
        heading = null;
      } else if (child.tagName === "dt") {
        const next = children[i + 1];
        walk(child, path, next?.tagName === "dd" ? textOf(next) : null, done);
      } else if (child.tagName === "a" && attr(child, "href") !== null) {
        add(child.sourceCodeLocation?.startLine ?? 0, attr(child, "href"), {
          title: text(textOf(child), TITLE_MAX),
          description: text(notes, DESCRIPTION_MAX),
          places: placeOf(path),
          createdAt: dateOf(attr(child, "add_date") ?? attr(child, "time_added")),
          isPrivate: attr(child, "private") === "1",
          tags: tagsOf((attr(child, "tags") ?? "").split(",")),
          done,
          favourite: false,
          note: null,
          highlights: [],
        });
      } else if (child.tagName !== "dd") walk(child, path, notes, done);
    });
  };
  walk(parse(html, { sourceCodeLocationInfo: true }), [], null, false);
  return read;
}

const COLUMNS = {
  url: ["url", "href", "link"],
  title: ["title", "name"],
  description: ["description", "excerpt", "selection"],
  note: ["note", "notes"],
  highlights: ["highlights"],
  created: ["created", "time_added", "created_at", "date", "added", "timestamp"],
  folder: ["folder", "collection"],
  tags: ["tags", "labels"],
  status: ["status", "state"],
  favourite: ["favorite", "favourite", "starred"],
  private: ["private", "is_private"],
} as const;
const YES = new Set(["yes", "true", "1"]);
const ITEM_STATES = new Set<string>(ItemState.options);
const DONE = new Set(["archive", "archived", "read", "done", "finalized"]);
/** Instapaper's folder column also holds its states; Raindrop's holds "Unsorted" for no folder. */
const STATE_FOLDERS: Record<string, "done" | "favourite" | "none"> = { unread: "none", archive: "done", starred: "favourite", unsorted: "none" };

/** Pocket's `a|b`, Raindrop's `a, b`, Instapaper's `["a","b"]`. */
function splitTags(raw: string | undefined): string[] {
  const t = raw?.trim() ?? "";
  if (t.startsWith("[")) {
    try {
      const list: unknown = JSON.parse(t);
      if (Array.isArray(list)) return tagsOf(list);
    } catch {
      // Not JSON after all: read it as a plain list below.
    }
  }
  return tagsOf(t.split(/[|,]/));
}

/**
 * A CSV with a header row: Pocket's (title, url, time_added, tags, status), Raindrop's (url, title,
 * excerpt, note, folder as "Outer / Inner", tags, created, highlights, favorite), Instapaper's (URL, Title,
 * Selection, Folder, Timestamp, Tags), Learnward's own, and the like.
 */
function readCsv(csv: string): ImportRead {
  const parsed = Papa.parse<Record<string, string | undefined>>(csv, {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  // An unclosed quote swallows the rest of the file: refuse it, naming where it starts.
  const broken = parsed.errors.find((e) => e.type === "Quotes");
  if (broken) {
    // Papa gives the quote's place in the text; its row count is off by the header.
    const line = broken.index !== undefined ? csv.slice(0, broken.index).split("\n").length : (broken.row ?? 0) + 2;
    throw new AppError("import_malformed", 400, `Line ${line} of this CSV opens a quote that is never closed`, { line });
  }
  const fields = parsed.meta.fields ?? [];
  const column = (names: readonly string[]) => names.find((n) => fields.includes(n));
  const col = Object.fromEntries(Object.entries(COLUMNS).map(([key, names]) => [key, column(names)])) as Record<keyof typeof COLUMNS, string | undefined>;
  const { read, add } = collector();
  if (!col.url) return read;
  const typeColumn = fields.includes("content_type") ? "content_type" : undefined;
  parsed.data.forEach((row, i) => {
    const cell = (name: string | undefined) => (name ? row[name] : undefined);
    const folder = cell(col.folder)?.trim() ?? "";
    const folderState = STATE_FOLDERS[folder.toLowerCase()];
    add(i + 2, cell(col.url), {
      title: text(cell(col.title), TITLE_MAX),
      description: text(cell(col.description), DESCRIPTION_MAX),
      places: folderState ? [] : placeOf(folder.split(" / ")),
      createdAt: dateOf(cell(col.created)),
      isPrivate: YES.has(cell(col.private)?.trim().toLowerCase() ?? ""),
      tags: splitTags(cell(col.tags)),
      done: folderState === "done" || DONE.has(cell(col.status)?.trim().toLowerCase() ?? ""),
      favourite: folderState === "favourite" || YES.has(cell(col.favourite)?.trim().toLowerCase() ?? ""),
      // Learnward's CSV escapes lines that a spreadsheet would run as formulas; a note's Markdown list starts so.
      note: noteOf(unescapeCell(cell(col.note) ?? "")),
      highlights: highlightsCell(unescapeCell(cell(col.highlights) ?? "")),
      // Learnward's own CSV names each item's type and state: kept when the state is one of ours.
      ...(ITEM_STATES.has(cell(col.status)?.trim() ?? "")
        ? { item: { contentType: cell(typeColumn)?.trim() ?? null, author: null, durationS: null, imageUrl: null, courseStatus: cell(col.status)!.trim() } }
        : {}),
    });
  });
  return read;
}

/** The links of an imported file, in the file's order, and the entries that are not links. */
export function readImport(format: ImportFormat, content: string): ImportRead {
  if (format === "bookmarks_html") return readBookmarks(content);
  if (format === "json") return readJson(content);
  return readCsv(content);
}
