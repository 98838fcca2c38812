import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureServer, fixture, html, redirect, startFixtureServer } from "../../../test/fixtures/fixture-server.ts";
import { createSafeFetch, type SafeFetch, safeFetch } from "../../lib/safe-fetch.ts";
import { extractMetadata, fetchMetadata } from "./metadata.ts";
import { parseDuration } from "./metadata-values.ts";

describe("parseDuration", () => {
  it.each([
    ["PT1H2M30S", 3750],
    ["P1DT2H", 93600],
    ["PT14M5S", 845],
    ["PT0.5S", 1],
    ["P2W", 1_209_600],
    ["pt90m", 5400],
    ["1:02:30", 3750],
    ["4:05", 245],
    ["600", 600],
    [125.4, 125],
  ] as const)("%s → %d seconds", (input, seconds) => expect(parseDuration(input)).toBe(seconds));

  it.each(["", "P", "PT", "1 hour", "PT-5M", "P1H", "0", -3, null, {}])("%j → nothing", (input) => expect(parseDuration(input)).toBeUndefined());
});

describe("extractMetadata", () => {
  it("reads Open Graph first, decodes entities and resolves the image", () => {
    const m = extractMetadata(fixture("metadata/og-page.html"), "https://blog.test/posts/cafe");
    expect(m).toEqual({
      title: 'Café & Code: a "practical" guide',
      author: "Ada Lovelace",
      description: "How to write better code — with coffee.",
      image: "https://blog.test/images/cover.png?size=large&v=2",
      site_name: "Example Blog",
      content_type_hint: "article",
    });
  });

  it("reads a JSON-LD video with its duration, thumbnail and author", () => {
    const m = extractMetadata(fixture("metadata/jsonld-video.html"), "https://videos.test/watch/42");
    expect(m).toEqual({
      title: "Intro to TypeScript & Node",
      author: "Grace Hopper",
      description: "A full course on types.",
      image: "https://videos.test/watch/thumbs/ts-1280.jpg",
      duration_s: 3750,
      site_name: "VideoSite",
      content_type_hint: "video",
    });
  });

  it("reads a JSON-LD course inside @graph, following @id references", () => {
    const m = extractMetadata(fixture("metadata/jsonld-course.html"), "https://courses.test/ml");
    expect(m).toEqual({
      title: "Machine Learning Specialization",
      author: "Andrew Ng, Geoff Ladwig",
      description: "Build ML models with NumPy & scikit-learn.",
      image: "https://cdn.courses.test/ml.jpg",
      duration_s: 93_600,
      site_name: "Learn Online",
      content_type_hint: "course",
    });
  });

  it("reads JSON-LD arrays, skips broken blocks and honours <base href>", () => {
    const m = extractMetadata(fixture("metadata/article-graph.html"), "https://blog.test/tips");
    expect(m).toEqual({
      title: "Ten tips for remote teams",
      author: "Linus T.",
      image: "https://cdn.blog.test/assets/hero.webp",
      duration_s: 420,
      content_type_hint: "article",
    });
  });

  it("falls back to <title>, meta description, twitter image and itemprop duration", () => {
    const m = extractMetadata(
      `<html><head><title> Just a   title </title><meta name="description" content="Desc">
       <meta name="twitter:image" content="//img.test/a.jpg"><meta name="twitter:description" content="Tw"></head>
       <body><span itemprop="duration" content="PT3M"></span></body></html>`,
      "https://site.test/x",
    );
    expect(m).toEqual({ title: "Just a title", description: "Tw", image: "https://img.test/a.jpg", duration_s: 180 });
  });

  it("drops images that are not http(s) and author URLs, and uses video:duration seconds", () => {
    const m = extractMetadata(
      `<meta property="og:image" content="javascript:alert(1)"><meta property="article:author" content="https://fb.test/ada">
       <meta property="og:type" content="video.other"><meta property="video:duration" content="754">`,
      "https://site.test/",
    );
    expect(m).toEqual({ duration_s: 754, content_type_hint: "video" });
  });

  it("knows the content type of a recognised provider (spec §3) without page hints", () => {
    expect(extractMetadata("<title>ML</title>", "https://www.coursera.org/learn/ml").content_type_hint).toBe("course");
  });

  it("does not read markup inside <template> or the text of scripts as a title", () => {
    const m = extractMetadata(`<template><meta property="og:title" content="Hidden"></template><title>Shown</title>`, "https://a.test/");
    expect(m.title).toBe("Shown");
  });
});

describe("fetchMetadata", () => {
  let server: FixtureServer;
  let other: FixtureServer;
  let fetch: SafeFetch;

  beforeAll(async () => {
    other = await startFixtureServer({ "/": html("<title>internal</title>"), "/oembed": html("{}") });
    server = await startFixtureServer({
      "/og": html(fixture("metadata/og-page.html")),
      "/video": html(fixture("metadata/jsonld-video.html")),
      "/course": html(fixture("metadata/jsonld-course.html")),
      "/talk": html(fixture("metadata/oembed-page.html")),
      "/oembed": (_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            type: "video",
            title: "Learning how to learn &amp; remember",
            author_name: "Barbara O.",
            thumbnail_url: "/thumbs/talk.jpg",
            provider_name: "Talks",
          }),
        );
      },
      "/hop1": redirect("/hop2"),
      "/hop2": redirect("/deep/og", 301),
      "/deep/og": html(fixture("metadata/og-page.html")),
      "/loop1": redirect("/loop2"),
      "/loop2": redirect("/loop3"),
      "/loop3": redirect("/loop4"),
      "/loop4": redirect("/og"),
      "/huge": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html" });
        const chunk = `<p>${"x".repeat(64 * 1024)}</p>`;
        for (let i = 0; i < 48; i++) res.write(chunk);
        res.end();
      },
      "/never": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html" });
        res.write("<html><head><title>Still loading");
      },
      "/pdf": (_req, res) => {
        res.writeHead(200, { "content-type": "application/pdf" });
        res.end("%PDF-1.7");
      },
      "/latin1": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html; charset=windows-1252" });
        res.end(Buffer.from([...Buffer.from("<title>Caf"), 0xe9, ...Buffer.from(" cr\u00e8me</title>", "latin1")]));
      },
      "/to-internal": redirect(other.url("/")),
      "/bad-oembed": html(`<title>Page</title><link rel="alternate" type="application/json+oembed" href="${other.url("/oembed")}">`),
    });
    const port = server.port;
    fetch = createSafeFetch({ allowAddress: (ip, p) => ip === "127.0.0.1" && p === port });
  });
  afterAll(async () => {
    await server.close();
    await other.close();
  });

  it("reads an Open Graph page", async () => {
    const res = await fetchMetadata(server.url("/og"), { fetch });
    expect(res).toMatchObject({ ok: true, metadata: { title: 'Café & Code: a "practical" guide', site_name: "Example Blog" } });
  });

  it("reads a JSON-LD video's duration of PT1H2M30S", async () => {
    const res = await fetchMetadata(server.url("/video"), { fetch });
    expect(res).toMatchObject({ ok: true, metadata: { duration_s: 3750, content_type_hint: "video" } });
  });

  it("reads a JSON-LD course from @graph", async () => {
    const res = await fetchMetadata(server.url("/course"), { fetch });
    expect(res).toMatchObject({ ok: true, metadata: { title: "Machine Learning Specialization", content_type_hint: "course" } });
  });

  it("fills what the page lacks from its oEmbed link", async () => {
    const res = await fetchMetadata(server.url("/talk"), { fetch });
    expect(res).toEqual({
      ok: true,
      finalUrl: server.url("/talk"),
      metadata: {
        title: "Learning how to learn & remember",
        author: "Barbara O.",
        description: "A talk about learning.",
        image: server.url("/thumbs/talk.jpg"),
        duration_s: 845,
        site_name: "Talks",
        content_type_hint: "video",
      },
    });
    expect(server.hits.get("/oembed?url=%2Fwatch%3Fv%3D1&format=json")).toBe(1);
  });

  it("keeps the page's metadata when its oEmbed link points somewhere not allowed", async () => {
    const res = await fetchMetadata(server.url("/bad-oembed"), { fetch });
    expect(res).toEqual({ ok: true, finalUrl: server.url("/bad-oembed"), metadata: { title: "Page" } });
    expect(other.hits.size).toBe(0);
  });

  it("follows two redirects and resolves relative URLs against the final page", async () => {
    const res = await fetchMetadata(server.url("/hop1"), { fetch });
    expect(res).toMatchObject({
      ok: true,
      finalUrl: server.url("/deep/og"),
      metadata: { image: server.url("/images/cover.png?size=large&v=2") },
    });
  });

  it("decodes the page in the charset it declares", async () => {
    const res = await fetchMetadata(server.url("/latin1"), { fetch });
    expect(res).toMatchObject({ ok: true, metadata: { title: "Café crème" } });
  });

  it.each([
    ["/loop1", "too_many_redirects"],
    ["/huge", "too_large"],
    ["/pdf", "not_html"],
    ["/missing", "http_error"],
  ])("answers %s with reason %s instead of throwing", async (path, reason) => {
    const res = await fetchMetadata(server.url(path), { fetch });
    expect(res).toMatchObject({ ok: false, reason });
  });

  it("gives up on a page that never finishes", async () => {
    const started = Date.now();
    const res = await fetchMetadata(server.url("/never"), { fetch, timeoutMs: 400 });
    expect(res).toMatchObject({ ok: false, reason: "timeout" });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  describe("with the default policy (SSRF)", () => {
    it.each([
      "http://127.0.0.1:PORT/og",
      "http://localhost:PORT/og",
      "http://[::1]:PORT/og",
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      "http://2130706433:PORT/og",
      "http://0x7f000001:PORT/og",
    ])("refuses %s", async (template) => {
      const before = server.hits.get("/og") ?? 0;
      const res = await fetchMetadata(template.replace("PORT", String(server.port)), { fetch: safeFetch });
      expect(res).toMatchObject({ ok: false, reason: "blocked_address" });
      expect(server.hits.get("/og") ?? 0).toBe(before);
    });

    it("refuses a public-looking name that resolves to 127.0.0.1", async () => {
      const evil = createSafeFetch({ resolve: async () => [{ address: "127.0.0.1", family: 4 }] });
      const res = await fetchMetadata(`http://evil.test:${server.port}/og`, { fetch: evil });
      expect(res).toMatchObject({ ok: false, reason: "blocked_address" });
    });

    it("refuses a redirect from an allowed server to another loopback port", async () => {
      const res = await fetchMetadata(server.url("/to-internal"), { fetch });
      expect(res).toMatchObject({ ok: false, reason: "blocked_address" });
      expect(other.hits.size).toBe(0);
    });

    it("refuses what is not a web address", async () => {
      expect(await fetchMetadata("file:///etc/passwd", { fetch: safeFetch })).toMatchObject({ ok: false, reason: "invalid_url" });
    });
  });
});
