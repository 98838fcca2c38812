import { describe, expect, it } from "vitest";
import { durationOf, feedAddress, readFeed } from "./feeds.parse.ts";

// What a feed subscription makes of the address it is given and of the document it reads.

describe("feedAddress", () => {
  it.each([
    ["https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv", "https://www.youtube.com/feeds/videos.xml?channel_id=UCabcdefghijklmnopqrstuv"],
    ["https://youtube.com/channel/UCabcdefghijklmnopqrstuv/videos?view=0", "https://www.youtube.com/feeds/videos.xml?channel_id=UCabcdefghijklmnopqrstuv"],
    [
      "https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG",
      "https://www.youtube.com/feeds/videos.xml?playlist_id=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG",
    ],
    [
      "https://www.youtube.com/watch?v=abc&list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG",
      "https://www.youtube.com/feeds/videos.xml?playlist_id=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG",
    ],
    ["https://www.youtube.com/user/GoogleDevelopers", "https://www.youtube.com/feeds/videos.xml?user=GoogleDevelopers"],
    [
      "https://www.youtube.com/feeds/videos.xml?channel_id=UCabcdefghijklmnopqrstuv&x=1",
      "https://www.youtube.com/feeds/videos.xml?channel_id=UCabcdefghijklmnopqrstuv",
    ],
    ["  https://blog.example.org/feed.xml#top ", "https://blog.example.org/feed.xml"],
  ])("%s follows %s", (raw, url) => expect(feedAddress(raw)).toEqual({ ok: true, url }));

  it.each(["https://www.youtube.com/@handle", "https://www.youtube.com/c/SomeName"])("asks for the channel's id instead of %s", (raw) =>
    expect(feedAddress(raw)).toEqual({ ok: false, reason: "youtube_handle" }),
  );

  it.each([
    "",
    "feed.xml",
    "javascript:alert(1)",
    "ftp://x.example.org/f",
    "https://u:p@x.example.org/f",
    "https://youtu.be/abc",
    "https://www.youtube.com/watch?v=abc",
  ])("refuses %j", (raw) => expect(feedAddress(raw)).toEqual({ ok: false, reason: "invalid" }));
});

describe("durationOf", () => {
  it.each([
    ["1:02:03", 3723],
    ["62:03", 3723],
    ["2700", 2700],
    [" 45 ", 45],
    ["", null],
    ["0", null],
    ["1h", null],
    ["-5", null],
  ])("%j is %j seconds", (raw, s) => expect(durationOf(raw)).toBe(s));
});

describe("readFeed", () => {
  it("reads an Atom feed whose entry carries a date nobody can read (the date is not what the catalog keeps)", async () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>Notes</title>
      <entry><title>One</title><link href="https://n.example.org/1"/><published>last Tuesday</published><updated>soon</updated></entry></feed>`;
    const read = await readFeed(Buffer.from(atom), "https://n.example.org/feed");
    expect(read?.entries.map((e) => e.url)).toEqual(["https://n.example.org/1"]);
  });

  it("takes only http(s) links, each once", async () => {
    const rss = `<rss version="2.0"><channel><title>t</title>
      <item><title>a</title><link>javascript:alert(1)</link></item>
      <item><title>b</title><link>https://x.example.org/b</link></item>
      <item><title>b again</title><link>https://x.example.org/b</link></item></channel></rss>`;
    expect((await readFeed(Buffer.from(rss), "https://x.example.org/rss"))?.entries.map((e) => e.title)).toEqual(["b"]);
  });
});
