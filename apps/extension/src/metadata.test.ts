import { describe, expect, it } from "vitest";
import { saveBody } from "./api.ts";
import { readPageMetadata } from "./metadata.ts";

/** A page as the browser would hold it (jsdom's parser), at `url`. */
const page = (head: string, body = "", url = "https://intranet.example.com/courses/sql/") =>
  new DOMParser().parseFromString(`<!doctype html><html><head><base href="${url}">${head}</head><body>${body}</body></html>`, "text/html");

/** The function as chrome.scripting runs it: its source alone, in the page (no module around it). */
const runInPage = (doc: Document) => {
  const alone = new Function("document", `return (${readPageMetadata.toString()})();`) as (d: Document) => ReturnType<typeof readPageMetadata>;
  return alone(doc);
};

describe("reading a page's metadata in the tab", () => {
  it("prefers Open Graph, makes the image absolute and reads the JSON-LD duration in seconds", () => {
    const doc = page(`
      <title>Fallback title</title>
      <meta property="og:title" content="  Window functions,
        explained ">
      <meta property="og:description" content="Ranking and running totals">
      <meta name="description" content="plain description">
      <meta property="og:image" content="/img/cover.png">
      <meta name="author" content="Ada Lovelace">
      <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebPage"},{"@type":"VideoObject","duration":"PT1H2M3S"}]}</script>`);
    expect(runInPage(doc)).toEqual({
      title: "Window functions, explained",
      description: "Ranking and running totals",
      author: "Ada Lovelace",
      image: "https://intranet.example.com/img/cover.png",
      duration_s: 3723,
    });
  });

  it("falls back to the title, the plain description and JSON-LD's author; skips broken JSON-LD", () => {
    const doc = page(`
      <title> Internal wiki: onboarding </title>
      <meta name="description" content="How we work">
      <script type="application/ld+json">{ broken</script>
      <script type="application/ld+json">[{"@type":"Course","author":[{"@type":"Person","name":"Grace"},{"name":"Alan"}],"timeRequired":"P1DT30M"}]</script>`);
    expect(runInPage(doc)).toEqual({ title: "Internal wiki: onboarding", description: "How we work", author: "Grace, Alan", image: null, duration_s: 88_200 });
  });

  it("answers nulls for a bare page and refuses a script address as the image", () => {
    const doc = page(`<meta property="og:image" content="javascript:alert(1)"><script type="application/ld+json">{"duration":"PT"}</script>`);
    expect(runInPage(doc)).toEqual({ title: null, description: null, author: null, image: null, duration_s: null });
  });
});

describe("the save body built from it", () => {
  it("keeps what the tab read within the server's limits and lets the server read only what is missing", () => {
    const full = { title: "T", description: "D", author: "A", image: "https://x.test/i.png", duration_s: 60 };
    expect(saveBody("https://x.test/a", full)).toEqual({
      url: "https://x.test/a",
      title: "T",
      description: "D",
      author: "A",
      image_url: "https://x.test/i.png",
      duration_s: 60,
      fetch_metadata: false,
    });
    const long = saveBody("https://x.test/a", { ...full, title: "é".repeat(400), image: "data:image/png;base64,AA" });
    expect(Array.from(long.title!)).toHaveLength(300);
    expect(long).not.toHaveProperty("image_url");
    expect(long.fetch_metadata).toBe(true);
    expect(saveBody("https://x.test/a", null)).toEqual({ url: "https://x.test/a", fetch_metadata: true });
    expect(saveBody("https://x.test/a", full, { selection: "  the marked passage " }).description).toBe("the marked passage");
  });
});
