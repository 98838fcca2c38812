import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import { catalogFeeds, contentItems } from "../../db/schema/index.ts";
import { createSafeFetch } from "../../lib/safe-fetch.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addContent, addOperator, companyAudit, createCompanyWithRoles } from "../../../test/factories.ts";
import { type FixtureServer, html, startFixtureServer } from "../../../test/fixtures/fixture-server.ts";
import { atom, billionLaughs, externalEntity, podcast, rss, youtube } from "../../../test/fixtures/feeds.ts";
import { FEEDS_DUE_JOB } from "./feeds.service.ts";

// The L&D leader (or hr) subscribes the company catalog to feeds; a job reads them and adds their new
// entries, tagged with skills, deduplicated by normalised URL. Every format is served for real by a
// local server; a feed that fails keeps its error and is read again later.

const FEEDS = "/api/b2b/v1/catalog-feeds";
const CHANNEL = "UCabcdefghijklmnopqrstuv";

let t: TestContext;
let server: FixtureServer;
let co: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let other: Awaited<ReturnType<typeof createCompanyWithRoles>>;

// What the blog serves, changed by the tests: its posts and their validator.
let blogPosts = [
  { title: "Negotiation tactics for engineers", link: "https://blog.example.org/negotiation?utm_source=rss" },
  { title: "Writing design docs", link: "https://blog.example.org/design-docs" },
];
let blogVersion = 1;
const conditional: { etag: string | undefined; answered: number }[] = [];
let flaky = "html";

beforeAll(async () => {
  server = await startFixtureServer({
    "/blog.rss": (req, res) => {
      const etag = `"v${blogVersion}"`;
      const unchanged = req.headers["if-none-match"] === etag;
      conditional.push({ etag: req.headers["if-none-match"], answered: unchanged ? 304 : 200 });
      res.writeHead(unchanged ? 304 : 200, { "content-type": "application/rss+xml", etag });
      res.end(unchanged ? undefined : rss(blogPosts));
    },
    "/notes.atom": (_req, res) => res.writeHead(200, { "content-type": "application/atom+xml" }).end(atom),
    "/podcast.xml": (_req, res) => res.writeHead(200, { "content-type": "application/rss+xml" }).end(podcast),
    // Each channel has its own video (the id's last 11 characters), so that tests in any order stay apart.
    "/feeds/videos.xml": (req, res) => {
      const channel = new URL(req.url!, "http://x").searchParams.get("channel_id") ?? CHANNEL;
      res.writeHead(200, { "content-type": "application/atom+xml" }).end(youtube(channel, channel.slice(-11)));
    },
    "/page.html": html("<!doctype html><title>Not a feed</title><p>hello</p>"),
    "/lol.xml": (_req, res) => res.writeHead(200, { "content-type": "application/xml" }).end(billionLaughs),
    "/xxe.xml": (_req, res) => res.writeHead(200, { "content-type": "application/xml" }).end(externalEntity),
    "/huge.xml": (_req, res) => {
      res.writeHead(200, { "content-type": "application/rss+xml" });
      const chunk = `<!-- ${"x".repeat(64 * 1024)} -->`;
      res.write('<rss version="2.0"><channel><title>huge</title>');
      for (let i = 0; i < 90; i++) res.write(chunk);
      res.end("</channel></rss>");
    },
    "/flaky.xml": (_req, res) =>
      flaky === "html"
        ? html("<p>maintenance</p>")(_req, res)
        : res.writeHead(200, { "content-type": "application/rss+xml" }).end(rss([{ title: "Back", link: "https://flaky.example.org/1" }])),
  });
  const port = server.port;
  t = await createTestContext({
    seed: false,
    fetch: createSafeFetch({
      allowAddress: (ip, p) => ip === "127.0.0.1" && p === port,
      resolve: async (host) => {
        if (host === "10.1.2.3") return [{ address: host, family: 4 }];
        throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
      },
    }),
  });
  co = await createCompanyWithRoles(t);
  other = await createCompanyWithRoles(t);
});
afterAll(async () => {
  await t.close();
  await server.close();
});

type Feed = { id: number; url: string; status: string; last_error: string | null; item_count: number; kind: string | null; title: string | null } & Record<
  string,
  unknown
>;
const feedsOf = async (client = co.ldleader.client) => (await client.get(`${FEEDS}?page_size=100`)).body.results as Feed[];
const feed = async (id: number) => (await feedsOf()).find((f) => f.id === id)!;
const subscribe = async (url: string, skills: string[] = [], client = co.ldleader.client) => {
  const res = await client.post(FEEDS, { url, skills });
  expect(res.status, res.text).toBe(201);
  return res.body as Feed;
};
const itemsFrom = (host: string) =>
  t.database.db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.companyId, co.company.id), sql`${contentItems.url} like ${`%${host}%`}`))
    .orderBy(asc(contentItems.id));

describe("who may manage the catalog's feeds", () => {
  it("refuses a member, a team leader and an operator, and another company's L&D leader by id in the path or the body; nothing changes", async () => {
    const mine = await subscribe(server.url("/notes.atom?refusals"));
    const operator = await addOperator(t);
    for (const p of [co.member.client, co.teamleader.client, operator.client]) {
      expect((await p.get(FEEDS)).status).toBe(403);
      expect((await p.post(FEEDS, { url: server.url("/refused.rss") })).status).toBe(403);
      expect((await p.post(`${FEEDS}/${mine.id}/refresh`)).status).toBe(403);
      expect((await p.delete(`${FEEDS}/${mine.id}`)).status).toBe(403);
    }
    expect((await t.anonymous.get(FEEDS)).status).toBe(401);
    const stranger = other.ldleader.client;
    expect((await feedsOf(stranger)).map((f) => f.id)).not.toContain(mine.id);
    expect((await stranger.post(`${FEEDS}/${mine.id}/refresh`)).status).toBe(404);
    expect((await stranger.delete(`${FEEDS}/${mine.id}`)).status).toBe(404);
    const intoOurs = await stranger.post(FEEDS, { url: server.url("/refused.rss"), company_id: co.company.id });
    expect([intoOurs.status, intoOurs.body.error.code]).toEqual([404, "not_found"]);
    expect((await co.ldleader.client.post(FEEDS, { url: server.url("/refused.rss"), company_id: other.company.id })).status).toBe(404);
    // hr of the company manages them too; the refusals changed nothing.
    expect((await feedsOf(co.hr.client)).map((f) => f.id)).toContain(mine.id);
    expect((await feedsOf()).filter((f) => f.url.endsWith("/refused.rss") || f.id === mine.id).map((f) => f.url)).toEqual([server.url("/notes.atom?refusals")]);
    expect(await feedsOf(stranger)).toEqual([]);
    await co.ldleader.client.delete(`${FEEDS}/${mine.id}`);
  });

  it("tells the L&D leader and hr, and nobody else, that they may", async () => {
    for (const p of [co.ldleader, co.hr]) expect((await p.client.get("/api/me")).body.abilities.manage_catalog_feeds).toBe(true);
    for (const p of [co.teamleader, co.member]) expect((await p.client.get("/api/me")).body.abilities.manage_catalog_feeds).toBe(false);
  });
});

describe("subscribing", () => {
  it("answers a bad address, a YouTube handle and a feed already followed with their own codes", async () => {
    for (const url of [
      "not a url",
      "ftp://files.example.org/feed",
      "https://user:pw@example.org/feed",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://www.youtube.com/results?q=x",
    ]) {
      const res = await co.ldleader.client.post(FEEDS, { url });
      expect([url, res.status, res.body.error.code]).toEqual([url, 400, "catalog_feed_url_invalid"]);
    }
    const handle = await co.ldleader.client.post(FEEDS, { url: "https://www.youtube.com/@datatalks" });
    expect([handle.status, handle.body.error.code]).toEqual([400, "catalog_feed_youtube_handle"]);
    const first = await subscribe(server.url("/podcast.xml?again"));
    const again = await co.hr.client.post(FEEDS, { url: server.url("/podcast.xml?again") });
    expect([again.status, again.body.error.code]).toEqual([409, "catalog_feed_exists"]);
    await co.ldleader.client.delete(`${FEEDS}/${first.id}`);
  });

  it("turns a YouTube channel's or playlist's page into its feed's address", async () => {
    const channel = await subscribe(`https://www.youtube.com/channel/${CHANNEL}/videos`);
    expect(channel.url).toBe(`https://www.youtube.com/feeds/videos.xml?channel_id=${CHANNEL}`);
    const playlist = await subscribe("https://m.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG");
    expect(playlist.url).toBe("https://www.youtube.com/feeds/videos.xml?playlist_id=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG");
    const res = await co.ldleader.client.post(FEEDS, { url: `https://www.youtube.com/feeds/videos.xml?channel_id=${CHANNEL}` });
    expect(res.body.error.code).toBe("catalog_feed_exists");
    for (const f of [channel, playlist]) expect((await co.ldleader.client.delete(`${FEEDS}/${f.id}`)).status).toBe(204);
  });
});

describe("reading feeds into the catalog", () => {
  it("adds an RSS feed's posts as articles with the feed's skills and the catalog's skills their words name, once; an unchanged feed answers 304", async () => {
    await addContent(t, { company: co.company.id, title: "Negotiation 101", skills: ["negotiation"] });
    // Already in the catalog under its plain address: the feed's tracking-parameter copy is the same item.
    await addContent(t, { company: co.company.id, title: "Writing design docs (saved)", url: "https://blog.example.org/design-docs" });
    const f = await subscribe(server.url("/blog.rss"), ["engineering"], co.hr.client);
    expect(f).toMatchObject({ status: "pending", item_count: 0, skills: ["engineering"], last_refreshed_at: null });
    await t.app.jobs.drain();

    const read = await feed(f.id);
    expect(read).toMatchObject({ status: "ok", last_error: null, title: "Engineering Blog", kind: "articles", item_count: 1 });
    expect(read.last_refreshed_at).toEqual(expect.any(String));
    const items = await itemsFrom("blog.example.org");
    expect(items.map((i) => [i.title, i.contentType, i.author, i.description, i.skills])).toEqual([
      ["Writing design docs (saved)", "article", null, null, []],
      ["Negotiation tactics for engineers", "article", "Ada Writer", "A post.", ["engineering", "negotiation"]],
    ]);
    // The company's people find it in discover.
    const found = (await co.member.client.get("/api/b2b/v1/discover/?search=negotiation%20tactics")).body.results as { title: string }[];
    expect(found.map((r) => r.title)).toContain("Negotiation tactics for engineers");

    // Read again with the validator it was given: unchanged, nothing downloaded, nothing added.
    expect((await co.ldleader.client.post(`${FEEDS}/${f.id}/refresh`)).status).toBe(202);
    await t.app.jobs.drain();
    expect(conditional.at(-1)).toEqual({ etag: '"v1"', answered: 304 });
    expect(await feed(f.id)).toMatchObject({ status: "ok", item_count: 1 });

    blogPosts = [{ title: "Incident reviews", link: "https://blog.example.org/incidents" }, ...blogPosts];
    blogVersion = 2;
    await co.ldleader.client.post(`${FEEDS}/${f.id}/refresh`);
    await t.app.jobs.drain();
    expect(conditional.at(-1)).toEqual({ etag: '"v1"', answered: 200 });
    expect((await feed(f.id)).item_count).toBe(2);
    expect((await itemsFrom("blog.example.org")).map((i) => i.title)).toEqual([
      "Writing design docs (saved)",
      "Negotiation tactics for engineers",
      "Incident reviews",
    ]);
  });

  it("reads Atom entries, with relative links and HTML summaries made plain", async () => {
    const f = await subscribe(server.url("/notes.atom"));
    await t.app.jobs.drain();
    expect(await feed(f.id)).toMatchObject({ status: "ok", kind: "articles", title: "Design Notes" });
    const items = await itemsFrom("notes.example.org");
    expect(items.map((i) => [i.url, i.author, i.description])).toEqual([
      ["https://notes.example.org/typography", "Grace Designer", "Choosing type for screens."],
      ["https://notes.example.org/contrast", "Grace Designer", "Readable colour pairs."],
    ]);
  });

  it("reads a podcast's episodes as podcasts with their duration, in the feed's language; an episode without a page is its audio", async () => {
    const f = await subscribe(server.url("/podcast.xml"));
    await t.app.jobs.drain();
    expect(await feed(f.id)).toMatchObject({ status: "ok", kind: "podcast", item_count: 2 });
    const items = [...(await itemsFrom("podcast.example.org")), ...(await itemsFrom("cdn.example.org"))];
    expect(items.map((i) => [i.url, i.contentType, i.durationS, i.language, i.imageUrl])).toEqual([
      ["https://podcast.example.org/12", "podcast", 3723, "es", "https://podcast.example.org/12.jpg"],
      ["https://cdn.example.org/11.mp3", "podcast", 2700, "es", null],
    ]);
  });

  it("reads a YouTube channel's feed as videos, with their description and thumbnail", async () => {
    const f = await subscribe(server.url(`/feeds/videos.xml?channel_id=${CHANNEL}`), ["sql"]);
    await t.app.jobs.drain();
    expect(await feed(f.id)).toMatchObject({ status: "ok", kind: "video", title: "Data Talks", item_count: 1 });
    const [video] = await itemsFrom(`watch?v=${CHANNEL.slice(-11)}`);
    expect(video).toMatchObject({
      url: `https://www.youtube.com/watch?v=${CHANNEL.slice(-11)}`,
      contentType: "video",
      provider: "youtube",
      description: "Ranking, running totals and moving averages in SQL.",
      imageUrl: `https://i1.ytimg.com/vi/${CHANNEL.slice(-11)}/hqdefault.jpg`,
      skills: ["sql"],
    });
  });
});

describe("feeds that fail", () => {
  it("keeps each failure as the feed's status and error, never a 500, and reads a hostile document as no feed", async () => {
    const cases: [string, string][] = [
      [server.url("/page.html"), "feed_not_a_feed"],
      [server.url("/missing.xml"), "feed_http_error"],
      [server.url("/huge.xml"), "feed_too_large"],
      [server.url("/lol.xml"), "feed_not_a_feed"],
      // An external entity naming a local file: no file reaches the catalog.
      [server.url("/xxe.xml"), "feed_not_a_feed"],
      ["http://10.1.2.3/feed.xml", "feed_blocked_address"],
      ["https://feeds.nowhere.invalid/feed.xml", "feed_unreachable"],
    ];
    const ids = [];
    for (const [url] of cases) ids.push((await subscribe(url)).id);
    await t.app.jobs.drain();
    for (const [i, [url, error]] of cases.entries()) {
      const f = await feed(ids[i]!);
      expect([url, f.status, f.last_error, f.item_count]).toEqual([url, "failed", error, 0]);
      // Read again later, not at once and not never.
      expect(Date.parse(f.next_refresh_at as string)).toBeGreaterThan(Date.parse(f.last_attempt_at as string));
    }
    expect(await itemsFrom("xxe.example.org")).toEqual([]);
  });

  it("reads a failed feed again when it is due, and clears its error once it answers", async () => {
    const f = await subscribe(server.url("/flaky.xml"));
    await t.app.jobs.drain();
    expect(await feed(f.id)).toMatchObject({ status: "failed", last_error: "feed_not_a_feed" });
    flaky = "feed";
    // Its time comes: the scheduled round sends it to be read.
    await t.database.db
      .update(catalogFeeds)
      .set({ nextRefreshAt: sql`now() - interval '1 minute'` })
      .where(eq(catalogFeeds.id, f.id));
    await t.app.jobs.send(FEEDS_DUE_JOB, {});
    await t.app.jobs.drain();
    expect(await feed(f.id)).toMatchObject({ status: "ok", last_error: null, item_count: 1 });
  });
});

describe("unsubscribing", () => {
  it("stops following the feed, keeps what it added, and records both ends in the audit trail", async () => {
    const f = await subscribe(server.url("/feeds/videos.xml?channel_id=UCzzzzzzzzzzzzzzzzzzzzzz"));
    await t.app.jobs.drain();
    expect((await co.hr.client.delete(`${FEEDS}/${f.id}`)).status).toBe(204);
    expect((await feedsOf()).map((x) => x.id)).not.toContain(f.id);
    expect((await co.ldleader.client.post(`${FEEDS}/${f.id}/refresh`)).status).toBe(404);
    expect(await itemsFrom("watch?v=zzzzzzzzzzz")).toHaveLength(1);
    const trail = (await companyAudit(t, co.company.id)).filter((a) => a.entity === "catalog_feed" && a.entityId === f.id).map((a) => a.action);
    expect(trail).toEqual(["subscribe", "unsubscribe"]);
  });
});
