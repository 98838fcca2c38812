import { describe, expect, it } from "vitest";
import { normaliseUrl, recognise } from "./providers.ts";

// spec §3: every recognised provider, with real-looking URLs.
const CASES: [string, string | null, string][] = [
  ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "video"],
  ["https://youtu.be/dQw4w9WgXcQ", "youtube", "video"],
  ["https://m.youtube.com/watch?v=abc", "youtube", "video"],
  ["https://vimeo.com/76979871", "vimeo", "video"],
  ["https://www.dailymotion.com/video/x7tgad0", "dailymotion", "video"],
  ["https://www.twitch.tv/videos/1234567890", "twitch", "video"],
  ["https://d.tube/v/someuser/QmXyz", "dtube", "video"],
  ["https://www.ted.com/talks/simon_sinek_how_great_leaders_inspire_action", "ted", "video"],
  ["https://open.spotify.com/episode/4rOoJ6Egrf8K2IrywzwOMk", "spotify", "podcast"],
  ["https://books.google.com/books?id=zyTCAlFPjgYC", "googleBooks", "book"],
  ["https://books.google.es/books?id=zyTCAlFPjgYC", "googleBooks", "book"],
  ["https://www.coursera.org/learn/machine-learning", "coursera", "course"],
  ["https://www.edx.org/learn/python/harvard-cs50-python", "edx", "course"],
  ["https://www.udemy.com/course/the-complete-javascript-course/", "udemy", "course"],
  ["https://www.crehana.com/cursos-online-marketing/marketing-digital/", "crehana", "course"],
  ["https://platzi.com/cursos/sql-mysql/", "platzi", "course"],
  ["https://www.skillshare.com/en/classes/productivity/123456", "skillshare", "course"],
  ["https://www.linkedin.com/learning/excel-essential-training", "linkedinLearning", "course"],
  ["https://www.domestika.org/en/courses/1234-illustration", "domestika", "course"],
  ["https://www.indeed.com/viewjob?jk=0123456789abcdef", "indeed", "job"],
  ["https://www.glassdoor.com/job-listing/data-analyst-JV_123.htm", "glassdoor", "job"],
  ["https://www.flexjobs.com/remote-jobs/product-manager", "flexjobs", "job"],
  ["https://www.linkedin.com/jobs/view/3790000000", "linkedin", "job"],
  ["https://angel.co/company/acme/jobs/123-engineer", "angel", "job"],
  ["https://getwork.com/details/abc123", "getwork", "job"],
  ["https://www.snagajob.com/jobs/123456", "snagajob", "job"],
  ["https://www.monster.com/job-openings/analyst--abc-123", "monster", "job"],
  // Google's current book pages, Glassdoor's country sites and TED playlists.
  ["https://www.google.com/books/edition/Deep_Work/4QTxCQAAQBAJ?hl=en", "googleBooks", "book"],
  ["https://www.google.es/books/edition/_/4QTxCQAAQBAJ", "googleBooks", "book"],
  ["https://www.glassdoor.co.uk/job-listing/data-analyst-JV_IC2671300_KO0,12.htm", "glassdoor", "job"],
  ["https://www.glassdoor.de/Job/berlin-jobs-SRCH_IL.0,6_IC2622109.htm", "glassdoor", "job"],
  ["https://www.glassdoor.com.au/Job/sydney-jobs-SRCH_IL.0,6_IC2235932.htm", "glassdoor", "job"],
  ["https://www.glassdoor.ca/job-listing/analyst-JV_123.htm", "glassdoor", "job"],
  ["https://www.ted.com/playlists/171/the_most_popular_talks_of_all", "ted", "video"],
  ["https://www.google.com/search?q=books", null, "article"],
  ["https://glassdoor.example.com/jobs", null, "article"],
  ["https://hbr.org/2023/01/how-to-give-feedback", null, "article"],
  ["https://notyoutube.com/watch?v=1", null, "article"],
  ["https://www.ted.com/about", null, "article"],
  ["not a url", null, "article"],
];

describe("provider and type recognition from the URL", () => {
  it.each(CASES)("%s → %s %s", (url, provider, type) => {
    expect(recognise(url)).toEqual({ provider, type });
  });
});

describe("URL normalisation for one catalog row per URL", () => {
  it("treats tracking parameters, www, case, fragments and trailing slashes as the same URL", () => {
    const a = normaliseUrl("https://WWW.Udemy.com/course/sql/?utm_source=x#reviews");
    expect(a).toBe("https://udemy.com/course/sql");
    expect(normaliseUrl("https://udemy.com/course/sql")).toBe(a);
    expect(normaliseUrl("https://www.youtube.com/watch?v=abc&t=10")).toBe(normaliseUrl("https://youtube.com/watch?t=10&v=abc"));
    expect(normaliseUrl("https://youtube.com/watch?v=abc")).not.toBe(normaliseUrl("https://youtube.com/watch?v=abd"));
  });
});
