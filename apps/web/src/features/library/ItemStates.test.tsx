import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  ContentCounts,
  ContentItem as ContentItemSchema,
  ContentSearchResponse,
  NO_STATE_COUNTS,
  type ContentItem,
  type ItemState,
} from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { renderApp, reply, serveFetch, signedIn, type StubRoutes } from "../../test/render";
import { contentItem } from "../../test/contentItem";

afterEach(() => vi.unstubAllGlobals());

const article = contentItem({ id_primary: 1, id_content: 101, content_type: "article", title: "Window functions explained", provider: null });
const course = contentItem({ id_primary: 2, id_content: 202, content_type: "course", title: "SQL for Data Science", course_status: "wishlist" });

/** Counts for a library of one article in `state` and one course on the wishlist. */
function countsWith(state: ItemState | null): ContentCounts {
  const reading = (s: ItemState | null) => ({ wishlist: s === "wishlist" ? 1 : 0, running: s === "running" ? 1 : 0, finalized: s === "finalized" ? 1 : 0 });
  return {
    articlesCount: 1,
    videosCount: 0,
    booksCount: 0,
    podcastsCount: 0,
    coursesCount: 1,
    allContentCount: 2,
    jobsCount: 0,
    runningCount: 0,
    finalizedCount: 0,
    wishlistCount: 1,
    allCount: 1,
    states: { ...NO_STATE_COUNTS, article: reading(state), course: reading("wishlist") },
  };
}
const page = (results: ContentItem[]) => reply(ContentSearchResponse, { count: results.length, results, links: { next: null, previous: null } });

/** My library with the article in `state` (changed by PATCH /state unless `patch` says otherwise); the calls made. */
function serveLibrary(initial: ItemState | null, patch?: StubRoutes["PATCH /api/contentuser/1/state/"]) {
  let state = initial;
  return serveFetch({
    "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
    "GET /api/contentuser/counts": () => reply(ContentCounts, countsWith(state)),
    "GET /api/contentuser/search": ({ url }) => {
      const wanted = url.searchParams.get("state");
      const items = [{ ...article, state, course_status: state as ContentItem["course_status"] }, course];
      return page(items.filter((i) => url.searchParams.get("contenType")!.split(",").includes(i.content_type) && (!wanted || i.state === wanted)));
    },
    "PATCH /api/contentuser/1/state/":
      patch ??
      (({ body }) => {
        state = (body as { state: ItemState | null }).state;
        return reply(ContentItemSchema, { ...article, state, course_status: state as ContentItem["course_status"], completed: state === "finalized" });
      }),
  });
}

const stateButton = (title: string, state: string) => screen.findByRole("button", { name: `Status of “${title}”: ${state}` });

describe("an item's state, one click from its card", () => {
  it("marks an article done: shown at once, sent with PATCH /state, and the state filters' counts follow", async () => {
    const { calls } = serveLibrary(null);
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/home?tab=article", session: signedIn("member") });
    expect(await screen.findByRole("button", { name: "Done 0", pressed: false })).toBeInTheDocument();

    await user.click(await stateButton("Window functions explained", "No status"));
    const menu = screen.getByRole("menu", { name: "Status" });
    expect(
      within(menu)
        .getAllByRole("menuitemradio")
        .map((option) => option.textContent),
    ).toEqual(["Want to read", "In progress", "Done"]);
    await user.click(within(menu).getByRole("menuitemradio", { name: "Done" }));

    expect(await stateButton("Window functions explained", "Done")).toBeInTheDocument();
    expect(calls().filter((c) => c.call.startsWith("PATCH"))).toEqual([{ call: "PATCH /api/contentuser/1/state/", body: { state: "finalized" } }]);
    // The counts are asked for again after the move, and the filter shows the done article.
    expect(await screen.findByRole("button", { name: "Done 1" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Done 1" }));
    expect(await screen.findByRole("button", { name: "Done 1", pressed: true })).toBeInTheDocument();
    expect(calls().map((c) => c.call)).toContain("GET /api/contentuser/search?page=1&page_size=8&contenType=article&state=finalized");
  });

  it("shows the new state before the server answers", async () => {
    serveLibrary("wishlist", { never: true });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/home?tab=article", session: signedIn("member") });
    await user.click(await stateButton("Window functions explained", "Want to read"));
    await user.click(screen.getByRole("menuitemradio", { name: "In progress" }));
    expect(await stateButton("Window functions explained", "In progress")).toBeInTheDocument();
  });

  it("puts the item back and says why when the server refuses the move", async () => {
    serveLibrary("running", { status: 400, body: { error: { code: "invalid_item_state", message: "A article can't be closed" } } });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/home?tab=article", session: signedIn("member") });
    await user.click(await stateButton("Window functions explained", "In progress"));
    await user.click(screen.getByRole("menuitemradio", { name: "Done" }));
    expect(await screen.findByText("This item can't be put in that state.")).toBeInTheDocument();
    expect(await stateButton("Window functions explained", "In progress")).toBeInTheDocument();
  });

  it("filters a tab by state from the address, with each state's count", async () => {
    const { calls } = serveLibrary("running");
    renderApp(<AppRoutes />, { path: "/home?tab=article&state=running", session: signedIn("member") });
    expect(await screen.findByRole("button", { name: "In progress 1", pressed: true })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "All articles 1", pressed: false })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Want to read 0" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Window functions explained" })).toHaveAttribute("href", "/home/item/1");
    expect(calls().map((c) => c.call)).toContain("GET /api/contentuser/search?page=1&page_size=8&contenType=article&state=running");
  });

  it("moves a course from its card with the spec's course calls, under the spec's names", async () => {
    let status: ContentItem["course_status"] = "wishlist";
    const { calls } = serveFetch({
      "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
      "GET /api/contentuser/counts": reply(ContentCounts, countsWith(null)),
      "GET /api/contentuser/search": () => page([{ ...course, course_status: status, state: status }]),
      "DELETE /api/user/wishlist": () => ((status = null), { status: 204 }),
      "POST /api/user/courses": () => ((status = "running"), { status: 201, body: {} }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/home?tab=course", session: signedIn("member") });
    await user.click(await stateButton("SQL for Data Science", "Wishlist"));
    const menu = screen.getByRole("menu", { name: "Status" });
    expect(
      within(menu)
        .getAllByRole("menuitemradio")
        .map((option) => option.textContent),
    ).toEqual(["Wishlist", "Running", "Finalized"]);
    await user.click(within(menu).getByRole("menuitemradio", { name: "Running" }));
    expect(await stateButton("SQL for Data Science", "Running")).toBeInTheDocument();
    expect(calls().filter((c) => !c.call.startsWith("GET"))).toEqual([
      { call: "DELETE /api/user/wishlist?id_course=202", body: undefined },
      { call: "POST /api/user/courses", body: { id_course: 202, completed: false } },
    ]);
  });
});
