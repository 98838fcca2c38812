import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSafeFetch } from "../../lib/safe-fetch.ts";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany } from "../../../test/factories.ts";
import { fixture, html, startFixtureServer, type FixtureServer } from "../../../test/fixtures/fixture-server.ts";

// A save answers from what was sent and what the link alone tells; the page is read by a job
// afterwards, which fills in what the person left blank.

const OG_PAGE = fixture("metadata/og-page.html");
/** Requests to the slow page wait here until the test lets the page answer. */
const waiting: http.ServerResponse[] = [];
let slowPageAnswers = false;

let pages: FixtureServer;
let t: TestContext;

beforeAll(async () => {
  pages = await startFixtureServer({
    "/sql-window-functions": (req, res) => {
      if (slowPageAnswers) return html(OG_PAGE)(req, res);
      waiting.push(res);
    },
    "/guides/feedback.html": html(OG_PAGE),
    "/gone-for-good": html("<h1>Not here</h1>", 404),
  });
  t = await createTestContext({ seed: false, fetch: createSafeFetch({ allowAddress: (ip, port) => ip === "127.0.0.1" && port === pages.port }) });
});
afterAll(async () => {
  await t.close();
  await pages.close();
});

/** Colleagues in a new company. */
async function colleagues() {
  const company = await createCompany(t);
  const [a, b] = await Promise.all([addPerson(t, { company: company.id, role: "member" }), addPerson(t, { company: company.id, role: "member" })]);
  return [a.client, b.client] as const;
}
const save = (c: Client, body: object) => c.post("/api/contentuser/save/", body);
/** My item as my library lists it now. */
async function listed(c: Client, idPrimary: number) {
  const list = await c.get("/api/contentuser/search?contenType=all&page_size=100");
  return list.body.results.find((r: { id_primary: number }) => r.id_primary === idPrimary);
}

describe("saving a link answers before the page is read", () => {
  it("answers with a title made from the link while the page has not answered, and fills in the page once the job reads it", async () => {
    const [member] = await colleagues();
    const res = await save(member, { url: pages.url("/sql-window-functions") });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: "Sql window functions", description: null, image_url: null, metadata_pending: true });
    // The save did not ask the page anything: it is read afterwards.
    expect(pages.hits.get("/sql-window-functions") ?? 0).toBe(0);
    expect(await listed(member, res.body.id_primary)).toMatchObject({ title: "Sql window functions", metadata_pending: true });

    slowPageAnswers = true;
    for (const r of waiting.splice(0)) html(OG_PAGE)(r.req, r);
    await t.app.jobs.drain();
    expect(pages.hits.get("/sql-window-functions")).toBe(1);
    expect(await listed(member, res.body.id_primary)).toMatchObject({
      title: 'Café & Code: a "practical" guide',
      author: "Ada Lovelace",
      description: "How to write better code — with coffee.",
      image_url: pages.url("/images/cover.png?size=large&v=2"),
      metadata_pending: false,
    });
  });

  it("keeps what the person typed, fills the rest, and gives the company's catalog row the page's data", async () => {
    const [member, colleague] = await colleagues();
    const described: number[] = [];
    const stop = t.app.events.on("content.described", async (_tx, e) => void described.push(e.contentId));
    const res = await save(member, { url: pages.url("/guides/feedback.html"), title: "My own title", author: "Someone I know" });
    expect(res.body).toMatchObject({ title: "My own title", author: "Someone I know", description: null, metadata_pending: true });
    await t.app.jobs.drain();
    stop();
    // Discover embeds and relates the item again from what the page gave its catalog row.
    expect(described).toEqual([res.body.id_content]);
    expect(await listed(member, res.body.id_primary)).toMatchObject({
      title: "My own title",
      author: "Someone I know",
      description: "How to write better code — with coffee.",
      image_url: pages.url("/images/cover.png?size=large&v=2"),
      metadata_pending: false,
    });
    // A colleague saving the same link without reading it gets what the catalog now knows.
    const theirs = await save(colleague, { url: pages.url("/guides/feedback.html"), fetch_metadata: false });
    expect(theirs.body).toMatchObject({ id_content: res.body.id_content, description: "How to write better code — with coffee.", metadata_pending: false });
  });

  it("stops saying the page is being read when it can't be read, keeping the title from the link", async () => {
    const [member] = await colleagues();
    const res = await save(member, { url: pages.url("/gone-for-good") });
    expect(res.body).toMatchObject({ title: "Gone for good", metadata_pending: true });
    await t.app.jobs.drain();
    expect(pages.hits.get("/gone-for-good")).toBe(1);
    expect(await listed(member, res.body.id_primary)).toMatchObject({ title: "Gone for good", description: null, metadata_pending: false });
  });

  it("never reads the page when asked not to", async () => {
    const [member] = await colleagues();
    const before = pages.hits.get("/guides/feedback.html") ?? 0;
    const res = await save(member, { url: `${pages.url("/guides/feedback.html")}?from=mail`, fetch_metadata: false });
    expect(res.body).toMatchObject({ title: "Feedback", metadata_pending: false });
    await t.app.jobs.drain();
    expect(pages.hits.get("/guides/feedback.html") ?? 0).toBe(before);
    expect(pages.hits.get("/guides/feedback.html?from=mail") ?? 0).toBe(0);
  });
});
