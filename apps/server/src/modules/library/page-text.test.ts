import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSafeFetch } from "../../lib/safe-fetch.ts";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany } from "../../../test/factories.ts";
import { html, startFixtureServer, type FixtureServer } from "../../../test/fixtures/fixture-server.ts";
import { MAX_TEXT_CHARS } from "./readable-text.ts";

// When a saved page is read after the save, its readable text is kept: the owner reads it in a reader
// view and finds the item by it, after every item whose title, author or description matches.

/** An article page: navigation and a footer around the article, and a script that must never run. */
function articlePage(title: string, paragraphs: string[]) {
  return `<!doctype html><html lang="en"><head><title>${title}</title>
    <meta name="author" content="Grace Hopper">
    <script>globalThis.pageScriptRan = true;</script></head>
    <body><nav><a href="/">Home</a> <a href="/about">About</a></nav>
    <article><h1>${title}</h1><p class="byline">By Grace Hopper</p>
    ${paragraphs.map((p) => `<p>${p}</p>`).join("\n")}
    <img src="/x.png" onerror="globalThis.pageScriptRan = true"></article>
    <footer>Copyright Example Media</footer></body></html>`;
}

/** A sentence of the article's filler, long enough that Readability takes the article for one. */
const filler = (i: number) =>
  `Paragraph ${i} of the guide explains how teams review their work every week, what they keep, what they change and why the habit lasts.`;

const ZEPPELIN_ARTICLE = articlePage("How airships were built", [
  "Early airships were built around a rigid frame of aluminium girders covered in fabric.",
  "The zeppelinworks at Friedrichshafen assembled them in enormous sheds by the lake.",
  ...Array.from({ length: 12 }, (_, i) => filler(i)),
]);

/** Unique paragraphs of about 1,000 characters each, past the kept text's bound in total. */
const LONG_PARAGRAPHS = Array.from({ length: 260 }, (_, i) => `Chapter part ${i}: ${"wordy prose about long books ".repeat(34)}end of part ${i}.`);

/** Waits on requests to the slow page until a test answers them. */
const waiting: http.ServerResponse[] = [];

let pages: FixtureServer;
let t: TestContext;

beforeAll(async () => {
  pages = await startFixtureServer({
    "/airships": html(ZEPPELIN_ARTICLE),
    "/airships-again": html(ZEPPELIN_ARTICLE),
    "/shared-page": html(
      articlePage("Quarterly rituals", ["The team's lighthouseword ritual repeats each quarter.", ...Array.from({ length: 10 }, (_, i) => filler(i))]),
    ),
    "/secret-plans": html(
      articlePage("Reorganisation draft", ["The confidential marmaladeword plan moves two teams.", ...Array.from({ length: 10 }, (_, i) => filler(i))]),
    ),
    "/long-book": html(articlePage("A very long book", LONG_PARAGRAPHS)),
    "/slow": (_req, res) => void waiting.push(res),
    "/report.pdf": (_req, res) => {
      res.writeHead(200, { "content-type": "application/pdf" });
      res.end("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF");
    },
    "/nested": html(`<html><head><title>Nested</title></head><body>${"<div>".repeat(5000)}<p>${filler(1)}</p>${"</div>".repeat(5000)}</body></html>`),
    "/no-body": html("just some words, no markup at all"),
  });
  t = await createTestContext({ seed: false, fetch: createSafeFetch({ allowAddress: (ip, port) => ip === "127.0.0.1" && port === pages.port }) });
});
afterAll(async () => {
  await t.close();
  await pages.close();
});

async function colleagues() {
  const [a, b] = await colleaguePeople();
  return [a.client, b.client] as const;
}
async function colleaguePeople() {
  const company = await createCompany(t);
  return Promise.all([addPerson(t, { company: company.id, role: "member" }), addPerson(t, { company: company.id, role: "member" })]);
}
const save = (c: Client, body: object) => c.post("/api/contentuser/save/", body);
const readerText = (c: Client, id: number) => c.get(`/api/contentuser/${id}/text`);
const search = (c: Client, term: string) => c.get(`/api/contentuser/search?contenType=all&page_size=100&search=${encodeURIComponent(term)}`);
const titles = (res: { body: { results: { title: string }[] } }) => res.body.results.map((r) => r.title);

describe("a saved page's readable text", () => {
  it("is kept when the page is read, and shown to its owner as a reader view", async () => {
    const [member] = await colleagues();
    const saved = await save(member, { url: pages.url("/airships") });
    expect(saved.status).toBe(201);
    await t.app.jobs.drain();

    const res = await readerText(member, saved.body.id_primary);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id_primary: saved.body.id_primary,
      title: "How airships were built",
      byline: "Grace Hopper",
      url: pages.url("/airships"),
    });
    const paragraphs = res.body.text.split("\n\n");
    expect(paragraphs).toContain("The zeppelinworks at Friedrichshafen assembled them in enormous sheds by the lake.");
    expect(paragraphs).toContain(filler(11));
    // What surrounds the article is not part of it.
    expect(res.body.text).not.toContain("Copyright Example Media");
    expect(res.body.text).not.toContain("About");
    expect(res.body.word_count).toBeGreaterThan(250);
    expect(res.body.reading_minutes).toBe(Math.max(1, Math.round(res.body.word_count / 230)));
    expect(Date.parse(res.body.read_at)).not.toBeNaN();
    expect((globalThis as { pageScriptRan?: boolean }).pageScriptRan).toBeUndefined();
  });

  it("keeps at most its bound of a long page, cut after a whole paragraph", async () => {
    const [member] = await colleagues();
    const saved = await save(member, { url: pages.url("/long-book") });
    await t.app.jobs.drain();
    const res = await readerText(member, saved.body.id_primary);
    expect(res.status).toBe(200);
    const text: string = res.body.text;
    expect(text.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
    expect(text.length).toBeGreaterThan(MAX_TEXT_CHARS - 1100);
    const kept = text.split("\n\n");
    // Every paragraph kept is whole, and they are the page's first ones in order.
    const last = kept.at(-1)!;
    expect(LONG_PARAGRAPHS).toContain(last);
    expect(kept.slice(-3)).toEqual(LONG_PARAGRAPHS.slice(LONG_PARAGRAPHS.indexOf(last) - 2, LONG_PARAGRAPHS.indexOf(last) + 1));
  });

  it("says the page is still being read, then gives the text once it is", async () => {
    const [member] = await colleagues();
    const saved = await save(member, { url: pages.url("/slow") });
    const early = await readerText(member, saved.body.id_primary);
    expect(early.status).toBe(404);
    expect(early.body.error.code).toBe("item_text_pending");
    const drained = t.app.jobs.drain();
    await expect.poll(() => waiting.length).toBe(1);
    html(ZEPPELIN_ARTICLE)(waiting[0]!.req, waiting.splice(0)[0]!);
    await drained;
    expect((await readerText(member, saved.body.id_primary)).status).toBe(200);
  });

  it("is absent, with its own code, for pages that aren't articles, and their reads still end", async () => {
    const [member] = await colleagues();
    const ids: number[] = [];
    for (const path of ["/report.pdf", "/nested", "/no-body"]) ids.push((await save(member, { url: pages.url(path) })).body.id_primary);
    await t.app.jobs.drain();
    for (const id of ids) {
      const res = await readerText(member, id);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("item_text_unavailable");
    }
    const list = await member.get("/api/contentuser/search?contenType=all&page_size=100");
    expect(list.body.results.filter((r: { metadata_pending: boolean }) => r.metadata_pending)).toEqual([]);
    expect(list.body.results.find((r: { id_primary: number }) => r.id_primary === ids[1])).toMatchObject({ title: "Nested" });
  });
});

describe("searching my library", () => {
  it("finds an item by a word only in its page's text, after every item matching in its title", async () => {
    const [member] = await colleagues();
    // Saved first, so newer text matches can't come first by being newer.
    const titled = await save(member, { url: "https://history.example/zeppelinworks", title: "Zeppelinworks: a history", fetch_metadata: false });
    const described = await save(member, {
      url: "https://history.example/lake",
      title: "The lake",
      description: "Where the zeppelinworks stood",
      fetch_metadata: false,
    });
    const read = await save(member, { url: pages.url("/airships") });
    await t.app.jobs.drain();

    const res = await search(member, "zeppelinworks");
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.results.map((r: { id_primary: number }) => r.id_primary).slice(2)).toEqual([read.body.id_primary]);
    expect(
      res.body.results
        .slice(0, 2)
        .map((r: { id_primary: number }) => r.id_primary)
        .sort(),
    ).toEqual([titled.body.id_primary, described.body.id_primary].sort());
    expect(res.body.results.map((r: { matched_in_text?: boolean }) => r.matched_in_text ?? false)).toEqual([false, false, true]);
    // Stemmed as the page's language would be: "assembling" finds "assembled".
    expect(titles(await search(member, "assembling sheds"))).toEqual(["How airships were built"]);

    // Pages of one item: the text match is the third, on a page of its own.
    const third = await member.get("/api/contentuser/search?contenType=all&page_size=2&page=2&search=zeppelinworks");
    expect(third.body).toMatchObject({ count: 3, results: [{ id_primary: read.body.id_primary, matched_in_text: true }] });
    const past = await member.get("/api/contentuser/search?contenType=all&page_size=2&page=3&search=zeppelinworks");
    expect(past.body.count).toBe(3);

    // The tab counts of a search are the lengths of its lists.
    const counts = await member.get("/api/contentuser/counts?search=zeppelinworks");
    expect(counts.body).toMatchObject({ articlesCount: 3, allContentCount: 3 });
  });
});

describe("who reads a page's text", () => {
  it("is the owner alone: a colleague and another company are refused as if the item did not exist", async () => {
    const [member, colleague] = await colleagues();
    const stranger = (await addPerson(t, { company: (await createCompany(t)).id, role: "member" })).client;
    const saved = await save(member, { url: pages.url("/airships-again") });
    await t.app.jobs.drain();
    expect((await readerText(member, saved.body.id_primary)).status).toBe(200);
    for (const other of [colleague, stranger]) {
      const res = await readerText(other, saved.body.id_primary);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
      expect(res.text).not.toContain("zeppelin");
    }
  });

  it("keeps a private save's page to its reader, even from colleagues who save the same link", async () => {
    const [memberPerson, colleaguePerson] = await colleaguePeople();
    const [member, colleague] = [memberPerson.client, colleaguePerson.client];
    const mine = await save(colleague, { url: pages.url("/secret-plans"), is_private: true });
    await t.app.jobs.drain();
    expect((await readerText(colleague, mine.body.id_primary)).body.text).toContain("marmaladeword");
    expect(titles(await search(colleague, "marmaladeword"))).toEqual(["Reorganisation draft"]);
    // Searching the colleague's library as colleagues see it finds nothing of it, by title or by text.
    const asColleagues = await member.get(`/api/contentuser/search?contenType=all&username=${colleaguePerson.username}&search=marmaladeword`);
    expect(asColleagues.status).toBe(200);
    expect(asColleagues.body.count).toBe(0);
    expect((await member.get(`/api/contentuser/counts?username=${colleaguePerson.username}&search=marmaladeword`)).body.allContentCount).toBe(0);

    // The member saves the same link without reading it: nothing of the private read is lent.
    const theirs = await save(member, { url: pages.url("/secret-plans"), fetch_metadata: false });
    expect(theirs.body.id_content).toBe(mine.body.id_content);
    const res = await readerText(member, theirs.body.id_primary);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("item_text_unavailable");
    expect((await search(member, "marmaladeword")).body.count).toBe(0);
    expect((await member.get("/api/contentuser/counts?search=marmaladeword")).body.allContentCount).toBe(0);
  });

  it("shares a public save's page with colleagues who saved it, once, and not with those who didn't", async () => {
    const [member, colleague] = await colleagues();
    const first = await save(member, { url: pages.url("/shared-page") });
    await t.app.jobs.drain();
    const hits = pages.hits.get("/shared-page");
    // The colleague saves it from the catalog: the page is not read again, its text is there.
    const theirs = await save(colleague, { id_content: first.body.id_content, is_private: true });
    expect(theirs.status).toBe(201);
    await t.app.jobs.drain();
    expect(pages.hits.get("/shared-page")).toBe(hits);
    expect((await readerText(colleague, theirs.body.id_primary)).body.text).toContain("lighthouseword");
    expect(titles(await search(colleague, "lighthouseword"))).toEqual(["Quarterly rituals"]);
    const [outsider] = await colleagues();
    expect((await search(outsider, "lighthouseword")).body.count).toBe(0);
  });
});
