import { courseStatusOf, type ItemState } from "@learnward/contracts";
import { toCsv } from "../../lib/csv.ts";
import { highlightsCellOf } from "./import.entry.ts";
import type { ExportPlace, ExportRow } from "./export.repo.ts";

/** A place as one name, as the CSV's folder column and the import read it: "Folder / Section". */
const placeName = (place: ExportPlace) => (place.section ? `${place.folder} / ${place.section}` : place.folder);

/** The CSV columns an import reads back (import.parse.ts), and what else a library knows. */
const CSV_FIELDS = ["url", "title", "description", "folder", "created", "content_type", "status", "private", "note", "highlights", "tags"] as const;

/** Tags in one cell as Pocket writes them (a|b), or as a JSON list when a name holds a | or a comma (the import reads both). */
const tagsCell = (tags: string[]) => (tags.some((tag) => /[|,]/.test(tag)) ? JSON.stringify(tags) : tags.join("|"));

/** One row per item; an item in several folders is written once per folder, and the import merges them back. */
export function libraryCsv(rows: ExportRow[]): string {
  const data = rows.flatMap((row) =>
    (row.folders.length ? row.folders : [null]).map((place) => ({
      url: row.url,
      title: row.title,
      description: row.description ?? "",
      folder: place ? placeName(place) : "",
      created: row.created_at.toISOString(),
      content_type: row.content_type,
      status: row.course_status ?? "",
      private: row.is_private ? "yes" : "no",
      note: row.note ?? "",
      highlights: highlightsCellOf(row.highlights),
      tags: tagsCell(row.tags),
    })),
  );
  return toCsv(CSV_FIELDS, data);
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Each folder's items (section by section, the folder's own first), in their order. */
function byFolder(rows: ExportRow[]) {
  const folders = new Map<string, Map<string | null, { row: ExportRow; priority: number }[]>>();
  for (const row of rows) {
    for (const place of row.folders) {
      const sections = folders.get(place.folder) ?? new Map<string | null, { row: ExportRow; priority: number }[]>([[null, []]]);
      folders.set(place.folder, sections);
      sections.set(place.section, [...(sections.get(place.section) ?? []), { row, priority: place.priority }]);
    }
  }
  for (const sections of folders.values()) for (const items of sections.values()) items.sort((a, b) => a.priority - b.priority);
  return folders;
}

/**
 * The Netscape bookmark file every browser and read-later app imports: items in no folder first,
 * then one <H3> per folder with its items and its sections as folders inside it; notes in a <DD>.
 */
export function libraryBookmarks(rows: ExportRow[], heading: string): string {
  const link = (row: ExportRow, indent: string) => {
    const date = Math.floor(row.created_at.getTime() / 1000);
    const notes = row.description ? `\n${indent}<DD>${escapeHtml(row.description)}` : "";
    // PRIVATE="1" as Delicious and Pinboard write it: the import keeps such a link private.
    const hidden = row.is_private ? ' PRIVATE="1"' : "";
    // TAGS="a,b" as Pinboard, Raindrop and Firefox write it (a comma inside a name can't be said there).
    const tagged = row.tags.length ? ` TAGS="${escapeHtml(row.tags.map((tag) => tag.replace(/,/g, " ")).join(","))}"` : "";
    return `${indent}<DT><A HREF="${escapeHtml(row.url)}" ADD_DATE="${date}"${hidden}${tagged}>${escapeHtml(row.title)}</A>${notes}`;
  };
  const folder = (name: string, indent: string, body: string[]) => [
    `${indent}<DT><H3>${escapeHtml(name)}</H3>`,
    `${indent}<DL><p>`,
    ...body,
    `${indent}</DL><p>`,
  ];
  const lines = [
    "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    `<TITLE>${escapeHtml(heading)}</TITLE>`,
    `<H1>${escapeHtml(heading)}</H1>`,
    "<DL><p>",
    ...rows.filter((row) => !row.folders.length).map((row) => link(row, "    ")),
    ...[...byFolder(rows)].flatMap(([name, sections]) =>
      folder(
        name,
        "    ",
        [...sections].flatMap(([section, items]) =>
          section === null
            ? items.map(({ row }) => link(row, "        "))
            : folder(
                section,
                "        ",
                items.map(({ row }) => link(row, "            ")),
              ),
        ),
      ),
    ),
    "</DL><p>",
  ];
  return `${lines.join("\n")}\n`;
}

/**
 * Everything, as Learnward's import reads it back: each item with its details, state, note and
 * highlights, and each folder with its sections and its items (by link) in order.
 */
export function libraryJson(rows: ExportRow[], exportedAt: Date): string {
  const folders = [...byFolder(rows)].map(([name, sections]) => ({
    name,
    sections: [...sections.keys()].filter((section): section is string => section !== null),
    items: [...sections].flatMap(([section, items]) => items.map(({ row, priority }) => ({ url: row.url, section, priority }))),
  }));
  const items = rows.map((row) => ({
    url: row.url,
    title: row.title,
    description: row.description,
    content_type: row.content_type,
    author: row.author,
    duration_s: row.duration_s,
    image_url: row.image_url,
    // course_status as the spec has it (a job's states are none of its values); state for every type.
    course_status: courseStatusOf(row.course_status as ItemState | null),
    state: row.course_status,
    is_private: row.is_private,
    created_at: row.created_at.toISOString(),
    note: row.note,
    highlights: row.highlights,
    tags: row.tags,
  }));
  return `${JSON.stringify({ format: "learnward.library", version: 1, exported_at: exportedAt.toISOString(), items, folders }, null, 2)}\n`;
}
