import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type ImportFormat, NOTE_MAX } from "@learnward/contracts";
import { readImport } from "./import.parse.ts";

/** Each tool's export, as its documentation and real files show it, read as the import reads it. */
const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/imports/${name}`, import.meta.url), "utf8");
const read = (format: ImportFormat, name: string) => readImport(format, fixture(name));
const pick = (format: ImportFormat, name: string) =>
  read(format, name).entries.map((e) => ({
    url: e.url,
    title: e.title,
    places: e.places.map((p) => (p.section ? `${p.folder} / ${p.section}` : p.folder)),
    tags: e.tags,
    done: e.done,
    favourite: e.favourite,
    created: e.createdAt?.toISOString().slice(0, 10) ?? null,
  }));

describe("reading each tool's export", () => {
  it("a browser's bookmark file: a folder in a folder is a section, Firefox's tags are kept", () => {
    expect(pick("bookmarks_html", "firefox.html")).toEqual([
      {
        url: "https://doc.rust-lang.org/book/",
        title: "The Rust Programming Language",
        places: ["Bookmarks Toolbar / Rust"],
        tags: ["rust", "learning"],
        done: false,
        favourite: false,
        created: "2023-11-14",
      },
      { url: "https://learn.example.org/menu-item", title: "Menu item", places: [], tags: [], done: false, favourite: false, created: "2023-11-14" },
    ]);
  });

  it("Pocket's CSV and its older HTML export: tags, and archived links done", () => {
    expect(pick("csv", "pocket.csv")).toMatchObject([
      { title: "Negotiation basics", tags: ["soft-skills", "career"], done: false, created: "2023-11-14" },
      { title: "Feedback, the hard way", tags: [], done: true, created: "2024-03-09" },
    ]);
    expect(pick("bookmarks_html", "pocket.html")).toMatchObject([
      { title: "OKRs that work", tags: ["management"], done: false, created: "2023-11-14" },
      { title: "Good one-on-ones", tags: ["management", "people"], done: true },
    ]);
  });

  it("Raindrop's CSV: nested folders, tags, favourites, the note and highlights; Unsorted is no folder", () => {
    const [k8s, inbox] = read("csv", "raindrop.csv").entries;
    expect(k8s).toMatchObject({
      title: "Kubernetes patterns",
      description: "Patterns for pods",
      note: "My note",
      highlights: [
        { text: "Sidecars share the pod's network.", comment: "Use for proxies", position: null, createdAt: null },
        { text: "Ambassadors proxy outbound calls.", comment: null, position: null, createdAt: null },
      ],
      places: [{ folder: "Cloud", section: "Containers", position: null }],
      tags: ["k8s", "ops"],
      favourite: true,
    });
    expect(inbox).toMatchObject({ places: [], favourite: false, note: null, highlights: [] });
  });

  it("Instapaper's CSV: its Archive and Starred folders are states, other folders are folders", () => {
    expect(pick("csv", "instapaper.csv").map((e) => [e.title, e.places, e.done, e.favourite, e.tags])).toEqual([
      ["Deep work", [], false, false, ["focus"]],
      ["Done reading", [], true, false, []],
      ["Loved", [], false, true, []],
      ["In a folder", ["Reading list"], false, false, []],
    ]);
  });

  it("Karakeep's JSON: lists as folders (nested ones as sections), the person's note, archived and favourites; a text note has no link", () => {
    const { entries, skipped } = read("json", "karakeep.json");
    expect(entries).toEqual([
      expect.objectContaining({
        line: 1,
        url: "https://learn.example.org/ddia",
        description: null,
        note: "Chapter 5 first",
        places: [{ folder: "Engineering", section: "Data", position: null }],
        tags: ["data", "books"],
        done: true,
        favourite: true,
      }),
    ]);
    expect(skipped).toEqual([{ line: 2, url: "", reason: "no_link" }]);
  });

  it("Linkwarden's JSON: collections, a sub-collection as a section, tags", () => {
    expect(pick("json", "linkwarden.json")).toMatchObject([
      { title: "Refactoring UI", places: ["Design"], tags: ["design"], created: "2024-01-05" },
      { title: "Practical typography", places: ["Design / Typography"], tags: [] },
    ]);
  });

  it("Omnivore's metadata JSON: labels as tags, archived or fully read as done", () => {
    expect(pick("json", "omnivore.json")).toMatchObject([
      { title: "The Mom Test", tags: ["product", "interviews"], done: true, created: "2024-02-01" },
      { title: "Shape Up", tags: [], done: false },
    ]);
  });
});

describe("reading notes and highlights", () => {
  it("keeps a note's lines and Markdown, drops control characters and cuts it to what a note keeps", () => {
    const file = JSON.stringify({
      format: "learnward.library",
      items: [
        {
          url: "https://ok.example.org/a",
          note: "# Title\r\n\n- point\u0000 one\n",
          highlights: [{ text: " A quote\nover lines ", comment: "", position: 3.5 }, { text: "  " }],
        },
        { url: "https://ok.example.org/b", note: "x".repeat(NOTE_MAX + 10), highlights: "not a list" },
      ],
    });
    const [a, b] = readImport("json", file).entries;
    expect(a).toMatchObject({ note: "# Title\n\n- point one", highlights: [{ text: "A quote\nover lines", comment: null, position: null }] });
    expect(b?.note).toHaveLength(NOTE_MAX);
    expect(b?.highlights).toEqual([]);
  });

  it("reads a CSV highlights cell without the Highlight: words as one passage per paragraph", () => {
    const [entry] = readImport("csv", 'url,highlights\nhttps://ok.example.org/a,"First passage\n\nSecond passage"\n').entries;
    expect(entry?.highlights.map((h) => h.text)).toEqual(["First passage", "Second passage"]);
  });
});

describe("reading hostile or broken files", () => {
  it("takes only http(s) links and never lets a file's keys reach an object's prototype", () => {
    const file = JSON.stringify({
      bookmarks: [
        { title: "x", tags: ["__proto__"], content: { type: "link", url: "javascript:alert(1)" } },
        JSON.parse('{"__proto__": {"polluted": true}, "title": "y", "tags": [], "content": {"type": "link", "url": "https://ok.example.org/"}}'),
      ],
    });
    const { entries, skipped } = readImport("json", file);
    expect(entries.map((e) => e.url)).toEqual(["https://ok.example.org/"]);
    expect(skipped).toEqual([{ line: 1, url: "javascript:alert(1)", reason: "not_a_link" }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("keeps numbers a hand-edited Learnward file gets wrong out of the columns they would break", () => {
    const file = JSON.stringify({
      format: "learnward.library",
      items: [{ url: "https://ok.example.org/a", title: "A", duration_s: 1e12 }],
      folders: [{ name: "F", items: [{ url: "https://ok.example.org/a", section: null, priority: 1.5 }] }],
    });
    const [entry] = readImport("json", file).entries;
    expect(entry?.item?.durationS).toBeNull();
    expect(entry?.places).toEqual([{ folder: "F", section: null, position: 1 }]);
  });

  it("drops control characters a JSON file escapes, which the database would refuse", () => {
    const file = String.raw`{"bookmarks":[{"title":"a\u0000b","note":null,"tags":["t\u0000"],"content":{"type":"link","url":"https://ok.example.org/"}},
      {"title":"c","tags":[],"content":{"type":"link","url":"https://ok.example.org/\u0000x"}}]}`;
    const { entries, skipped } = readImport("json", file);
    expect(entries.map((e) => [e.title, e.tags])).toEqual([["ab", ["t"]]]);
    expect(skipped).toEqual([{ line: 2, url: "https://ok.example.org/x", reason: "not_a_link" }]);
  });

  it("names the line where a JSON file breaks", () => {
    const broken = (() => {
      try {
        readImport("json", '[\n  {"url": "https://a.example.org/"},\n  {"url": }\n]');
      } catch (err) {
        return err;
      }
    })();
    expect(broken).toMatchObject({ code: "import_malformed", status: 400, details: { line: 3 } });
  });
});
