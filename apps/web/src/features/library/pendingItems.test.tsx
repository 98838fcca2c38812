import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { ContentCounts, ContentSearchResponse, NO_STATE_COUNTS, type ContentItem } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { renderApp, reply, serveFetch, signedIn } from "../../test/render";
import { contentItem } from "../../test/contentItem";
import { PENDING_PATIENCE_MS, PENDING_REFETCH_MS, refetchWhileReading } from "./pendingItems";

afterEach(() => vi.unstubAllGlobals());

const counts: ContentCounts = {
  articlesCount: 1,
  videosCount: 0,
  booksCount: 0,
  podcastsCount: 0,
  coursesCount: 0,
  allContentCount: 1,
  jobsCount: 0,
  runningCount: 0,
  finalizedCount: 0,
  wishlistCount: 0,
  allCount: 0,
  states: NO_STATE_COUNTS,
};
const page = (results: ContentItem[]) => reply(ContentSearchResponse, { count: results.length, results, links: { next: null, previous: null } });

// Just saved: the server answered with what the link tells and reads the page afterwards.
const justSaved = contentItem({
  content_type: "article",
  provider: null,
  author: null,
  duration_s: null,
  title: "Sql window functions",
  url: "https://blog.example.org/sql-window-functions",
  metadata_pending: true,
});
const read = { ...justSaved, title: "SQL Window Functions Explained", author: "Data Dojo", metadata_pending: false };

describe("an item saved before its page is read", () => {
  it("says the page is being read, and shows what the page says once the list, asked again, has it", async () => {
    let searches = 0;
    serveFetch({
      "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
      "GET /api/contentuser/counts": reply(ContentCounts, counts),
      // The job reads the page between the first list and the second.
      "GET /api/contentuser/search": () => (++searches === 1 ? page([justSaved]) : page([read])),
    });
    renderApp(<AppRoutes />, { path: "/home", session: signedIn("member") });
    const list = await screen.findByRole("list", { name: "Saved items" });
    expect(within(list).getByRole("link", { name: "Sql window functions" })).toBeInTheDocument();
    expect(within(list).getByRole("status")).toHaveTextContent("Reading the page…");

    // No reload: the list asks again by itself while an item is pending.
    expect(await within(list).findByRole("link", { name: "SQL Window Functions Explained" }, { timeout: 3 * PENDING_REFETCH_MS })).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByRole("status")).not.toBeInTheDocument());
    expect(within(list).getByText("Data Dojo")).toBeInTheDocument();
  });

  it("is asked for again only while a shown item is pending, and not past the server's patience", () => {
    const interval = refetchWhileReading((items: ContentItem[]) => items);
    const state = (data: ContentItem[] | undefined) => ({ state: { data } });
    expect(interval(state([read, justSaved]))).toBe(PENDING_REFETCH_MS);
    expect(interval(state([read]))).toBe(false);
    expect(interval(state([]))).toBe(false);
    expect(interval(state(undefined))).toBe(false);
    const longAgo = new Date(Date.now() - PENDING_PATIENCE_MS - 1000).toISOString();
    expect(interval(state([{ ...justSaved, created_at: longAgo }]))).toBe(false);
  });
});
