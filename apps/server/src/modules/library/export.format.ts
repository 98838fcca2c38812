import { toCsv } from "../../lib/csv.ts";
import type { ExportRow } from "./export.repo.ts";

/** The CSV columns an import reads back (import.parse.ts), and what else a library knows. */
const CSV_FIELDS = ["url", "title", "description", "folder", "created", "content_type", "status", "private"] as const;

/** One row per item; an item in several folders is written once per folder, so each folder gets it back. */
export function libraryCsv(rows: ExportRow[]): string {
  const data = rows.flatMap((row) =>
    (row.folders.length ? row.folders : [null]).map((folder) => ({
      url: row.url,
      title: row.title,
      description: row.description ?? "",
      folder: folder ?? "",
      created: row.created_at.toISOString(),
      content_type: row.content_type,
      status: row.course_status ?? "",
      private: row.is_private ? "yes" : "no",
    })),
  );
  return toCsv(CSV_FIELDS, data);
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The Netscape bookmark file every browser and read-later app imports: items in no folder first,
 * then one <H3> per folder with its items; notes in a <DD>.
 */
export function libraryBookmarks(rows: ExportRow[], heading: string): string {
  const link = (row: ExportRow, indent: string) => {
    const date = Math.floor(row.created_at.getTime() / 1000);
    const notes = row.description ? `\n${indent}<DD>${escapeHtml(row.description)}` : "";
    // PRIVATE="1" as Delicious and Pinboard write it: the import keeps such a link private.
    const hidden = row.is_private ? ' PRIVATE="1"' : "";
    return `${indent}<DT><A HREF="${escapeHtml(row.url)}" ADD_DATE="${date}"${hidden}>${escapeHtml(row.title)}</A>${notes}`;
  };
  const byFolder = new Map<string, ExportRow[]>();
  for (const row of rows) for (const folder of row.folders) byFolder.set(folder, [...(byFolder.get(folder) ?? []), row]);
  const lines = [
    "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    `<TITLE>${escapeHtml(heading)}</TITLE>`,
    `<H1>${escapeHtml(heading)}</H1>`,
    "<DL><p>",
    ...rows.filter((row) => !row.folders.length).map((row) => link(row, "    ")),
    ...[...byFolder].flatMap(([folder, items]) => [
      `    <DT><H3>${escapeHtml(folder)}</H3>`,
      "    <DL><p>",
      ...items.map((row) => link(row, "        ")),
      "    </DL><p>",
    ]),
    "</DL><p>",
  ];
  return `${lines.join("\n")}\n`;
}
