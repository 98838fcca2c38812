import JSON5 from "json5";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import {
  collector,
  dateOf,
  DESCRIPTION_MAX,
  highlightsOf,
  noteOf,
  placeOf,
  plain,
  tagsOf,
  text,
  TITLE_MAX,
  type ImportPlace,
  type ImportRead,
} from "./import.entry.ts";

/**
 * The JSON exports of read-later tools, told apart by their shape. Each is read leniently: an entry
 * is an object, and only the fields named here are looked at (by name, never by walking the file's
 * keys). An entry's "line" is its number in the file's list.
 */
// z.custom checks without copying: a record schema would copy the file's keys, "__proto__" among them.
const entry = z.custom<Record<string, unknown>>((v) => typeof v === "object" && v !== null && !Array.isArray(v));
const entries = z.array(entry);
const SHAPES = {
  learnward: z.object({ format: z.literal("learnward.library"), items: entries, folders: entries.optional() }),
  karakeep: z.object({ bookmarks: entries, lists: entries.optional() }),
  linkwarden: z.object({ collections: entries }),
  omnivore: entries,
};

const str = (v: unknown) => (typeof v === "string" ? v : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
/** A whole number within what the columns hold (a place in a folder, seconds of a video); else null. */
const whole = (v: unknown, max: number) => (Number.isInteger(v) && (v as number) >= 0 && (v as number) <= max ? (v as number) : null);
const PRIORITY_MAX = 1_000_000;
const DURATION_MAX = 10_000_000;

/**
 * The line where a file stops being JSON. V8 names it for some errors ("(line 3 column 5)") and not
 * for others ("Unexpected token"); JSON5's parser, which reads a superset, names it then.
 */
function syntaxErrorLine(content: string, message: string): number {
  const line = /\(line (\d+)/.exec(message);
  if (line) return Number(line[1]);
  try {
    JSON5.parse(content);
  } catch (err) {
    const at = (err as { lineNumber?: unknown }).lineNumber;
    if (typeof at === "number") return at;
  }
  return 1;
}

function learnward(file: z.infer<typeof SHAPES.learnward>): ImportRead {
  const { read, add } = collector();
  // Each folder lists its items by link, in order, each in a section or none.
  const places = new Map<string, ImportPlace[]>();
  for (const folder of file.folders ?? []) {
    list(folder.items).forEach((placed, position) => {
      const p = placed as Record<string, unknown> | null;
      const url = str(p?.url);
      if (!url) return;
      places.set(url, [...(places.get(url) ?? []), ...placeOf([str(folder.name), str(p?.section)], whole(p?.priority, PRIORITY_MAX) ?? position + 1)]);
    });
  }
  file.items.forEach((item, i) => {
    const url = str(item.url);
    add(i + 1, url, {
      title: text(item.title, TITLE_MAX),
      description: text(item.description, DESCRIPTION_MAX),
      places: (url && places.get(url)) || [],
      createdAt: dateOf(item.created_at),
      isPrivate: item.is_private === true,
      tags: tagsOf(list(item.tags)),
      done: item.done === true,
      favourite: item.favourite === true,
      note: noteOf(item.note),
      highlights: highlightsOf(list(item.highlights), (h) => {
        const o = (h ?? {}) as Record<string, unknown>;
        return { text: o.text, comment: o.comment, position: o.position, createdAt: o.created_at };
      }),
      item: {
        contentType: str(item.content_type),
        author: text(item.author, 200),
        durationS: whole(item.duration_s, DURATION_MAX),
        imageUrl: str(item.image_url),
        // Every type's state since items have states; course_status alone in files exported before.
        courseStatus: str(item.state) ?? str(item.course_status),
      },
    });
  });
  return read;
}

/** Karakeep: bookmarks with a link (or a text note, which has none), tags, the person's note, and its lists as folders. */
function karakeep(file: z.infer<typeof SHAPES.karakeep>): ImportRead {
  const { read, add } = collector();
  const lists = new Map((file.lists ?? []).map((l) => [str(l.id), l]));
  const pathOf = (id: string, seen = new Set<string>()): string[] => {
    const l = lists.get(id);
    if (!l || seen.has(id)) return [];
    seen.add(id);
    const parent = str(l.parentId);
    return [...(parent ? pathOf(parent, seen) : []), str(l.name) ?? ""];
  };
  file.bookmarks.forEach((b, i) => {
    const content = b.content as Record<string, unknown> | null;
    add(i + 1, content?.type === "link" ? content.url : null, {
      ...plain(),
      title: text(b.title, TITLE_MAX),
      description: text(content?.description, DESCRIPTION_MAX),
      note: noteOf(b.note),
      places: list(b.lists).flatMap((id) => (typeof id === "string" ? placeOf(pathOf(id)) : [])),
      createdAt: dateOf(b.createdAt),
      tags: tagsOf(list(b.tags)),
      done: b.archived === true,
      favourite: b.favourited === true,
    });
  });
  return read;
}

/** Linkwarden: collections (nested by parentId) of links with tags. */
function linkwarden(file: z.infer<typeof SHAPES.linkwarden>): ImportRead {
  const { read, add } = collector();
  const byId = new Map(file.collections.map((c) => [num(c.id), c]));
  const pathOf = (c: Record<string, unknown>, seen = new Set<unknown>()): string[] => {
    if (seen.has(c)) return [];
    seen.add(c);
    const parent = byId.get(num(c.parentId));
    return [...(parent ? pathOf(parent, seen) : []), str(c.name) ?? ""];
  };
  let n = 0;
  for (const collection of file.collections) {
    const place = placeOf(pathOf(collection));
    for (const link of list(collection.links)) {
      const l = (link ?? {}) as Record<string, unknown>;
      add(++n, l.url, {
        ...plain(),
        title: text(l.name, TITLE_MAX),
        description: text(l.description, DESCRIPTION_MAX),
        places: place,
        createdAt: dateOf(l.createdAt),
        tags: tagsOf(list(l.tags).map((t) => (t as Record<string, unknown> | null)?.name)),
      });
    }
  }
  return read;
}

/** Omnivore's metadata files: a list of saved pages with labels, a state, and their highlights (quote and annotation) when listed. */
function omnivore(file: z.infer<typeof SHAPES.omnivore>): ImportRead {
  const { read, add } = collector();
  file.forEach((page, i) =>
    add(i + 1, page.url, {
      ...plain(),
      title: text(page.title, TITLE_MAX),
      description: text(page.description, DESCRIPTION_MAX),
      createdAt: dateOf(page.savedAt),
      tags: tagsOf(list(page.labels).map((l) => (typeof l === "string" ? l : (l as Record<string, unknown> | null)?.name))),
      done: page.state === "Archived" || num(page.readingProgress) === 100,
      highlights: highlightsOf(list(page.highlights), (h) => {
        const o = (h ?? {}) as Record<string, unknown>;
        return { text: o.quote, comment: o.annotation, createdAt: o.createdAt };
      }),
    }),
  );
  return read;
}

export function readJson(content: string): ImportRead {
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch (err) {
    const line = syntaxErrorLine(content, (err as Error).message);
    throw new AppError("import_malformed", 400, `This JSON file is broken at line ${line}`, { line });
  }
  for (const [kind, read] of [
    ["learnward", learnward],
    ["karakeep", karakeep],
    ["linkwarden", linkwarden],
    ["omnivore", omnivore],
  ] as const) {
    const parsed = SHAPES[kind].safeParse(data);
    if (parsed.success) return (read as (file: unknown) => ImportRead)(parsed.data);
  }
  return { entries: [], skipped: [] };
}
