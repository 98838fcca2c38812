import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ContentCounts, ContentSearchResponse, NO_STATE_COUNTS, TagList, type ContentItem } from "@learnward/contracts";
import { AppRoutes, routeData } from "../../app/router";
import { renderApp, reply, serveFetch, signedIn, type StubRoutes } from "../../test/render";
import { contentItem } from "../../test/contentItem";

afterEach(() => vi.unstubAllGlobals());

const item = (overrides: Partial<ContentItem>): ContentItem =>
  contentItem({
    id_primary: 1,
    id_content: 101,
    content_type: "article",
    title: "An article",
    url: "https://example.com/a",
    duration_s: 600,
    provider: null,
    ...overrides,
  });

const course = item({
  id_primary: 2,
  id_content: 202,
  content_type: "course",
  title: "SQL for Data Science",
  provider: "coursera",
  course_status: "wishlist",
  completed: null,
  duration_s: 3 * 3600 + 5 * 60,
});
const article = item({ id_primary: 1, title: "Window functions explained", duration_s: 900 });

const counts: ContentCounts = {
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
  states: NO_STATE_COUNTS,
};

/** The library's routes on the shared stub; the onboarding checklist finds nothing to show. */
function serve(routes: Partial<StubRoutes>) {
  return serveFetch({ "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } }, ...routes }).calls;
}
const answerCounts = (body: ContentCounts) => reply(ContentCounts, body);

const page = (results: ContentItem[]) => reply(ContentSearchResponse, { count: results.length, results, links: { next: null, previous: null } });

describe("/home library", () => {
  it("shows the counts on the type tabs and the items of the chosen tab", async () => {
    const calls = serve({ "GET /api/contentuser/counts": answerCounts(counts), "GET /api/contentuser/search": page([article, course]) });
    renderApp(<AppRoutes />, { path: "/home", session: signedIn("member") });
    expect(await screen.findByRole("tab", { name: "All 2" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Articles 1" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Courses 1" })).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Saved items" });
    // The title opens the item's page; the item's own link opens from the button beside its type.
    expect(within(list).getByRole("link", { name: "SQL for Data Science" })).toHaveAttribute("href", "/home/item/2");
    const [, courseSource] = within(list).getAllByRole("link", { name: "Open the original page" });
    expect(courseSource).toHaveAttribute("href", "https://example.com/a");
    expect(courseSource).toHaveAttribute("rel", "noopener noreferrer");
    expect(within(list).getByText("Course · Coursera")).toBeInTheDocument();
    expect(within(list).getByText("Ada · 3 h 5 min")).toBeInTheDocument();
    expect(calls().map((c) => c.call)).toContain("GET /api/contentuser/search?page=1&page_size=8&contenType=all%2Cjob");
    expect(screen.getByRole("link", { name: "View as colleagues see it" })).toHaveAttribute("href", "/profile/member");
  });

  it("asks for its counts and first list while its code loads, and only once (app/firstData.ts)", async () => {
    const calls = serve({ "GET /api/contentuser/counts": answerCounts(counts), "GET /api/contentuser/search": page([course]) });
    renderApp(<AppRoutes />, { path: "/home?tab=course&course=wishlist&q=sql", session: signedIn("member") });
    // Both answers shown: the list, and the counts on the course filters.
    await screen.findByRole("link", { name: "SQL for Data Science" });
    await screen.findByRole("button", { name: "Wishlist 1", pressed: true });
    const gets = calls()
      .map((c) => c.call)
      .filter((call) => call.startsWith("GET /api/contentuser/"));
    expect(gets.sort()).toEqual([
      "GET /api/contentuser/counts?search=sql",
      "GET /api/contentuser/search?page=1&page_size=8&contenType=course&search=sql&is_wishlist=true",
      // The search's page-text matches, asked for once the page shows.
      "GET /api/contentuser/search?page=1&page_size=8&contenType=course&search=sql&is_wishlist=true&in=text",
    ]);

    // The folders tab shows no list: the counts and my folders are asked for early.
    expect((await routeData("/home", "?tab=folders")).map((options) => options.queryKey)).toEqual([
      ["library", "home"],
      ["discover", "recommendations"],
      ["library", "counts", null, ""],
      ["library", "folders"],
    ]);
  });

  it("moves a course from the wishlist to running: DELETE the wishlist entry, then POST the course, then reload", async () => {
    let status: ContentItem["course_status"] = "wishlist";
    const calls = serve({
      "GET /api/contentuser/counts": () =>
        answerCounts({ ...counts, wishlistCount: status === "wishlist" ? 1 : 0, runningCount: status === "running" ? 1 : 0 }),
      "GET /api/contentuser/search": ({ url }) => {
        const wanted = url.searchParams.get("is_wishlist") === "true" ? "wishlist" : url.searchParams.get("completed") === "false" ? "running" : null;
        return page(wanted === null || wanted === status ? [{ ...course, course_status: status }] : []);
      },
      "DELETE /api/user/wishlist": () => {
        status = null;
        return { body: { ...course, course_status: null } };
      },
      "POST /api/user/courses": () => {
        status = "running";
        return { status: 201, body: { ...course, course_status: "running", completed: false } };
      },
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/home?tab=course&course=wishlist", session: signedIn("member") });
    expect(await screen.findByRole("button", { name: "Wishlist 1", pressed: true })).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Actions for SQL for Data Science" }));
    await user.click(screen.getByRole("menuitem", { name: "Move to running" }));

    expect(await screen.findByText("No courses here yet")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Running 1" })).toBeInTheDocument();
    const moves = calls().filter((c) => !c.call.startsWith("GET"));
    expect(moves).toEqual([
      { call: "DELETE /api/user/wishlist?id_course=202", body: undefined },
      { call: "POST /api/user/courses", body: { id_course: 202, completed: false } },
    ]);
    // After the move, the lists and counts are asked for again.
    const afterMove = calls()
      .slice(calls().findIndex((c) => c.call === "POST /api/user/courses") + 1)
      .map((c) => c.call);
    expect(afterMove).toEqual(expect.arrayContaining(["GET /api/contentuser/counts"]));
    expect(afterMove.some((c) => c.startsWith("GET /api/contentuser/search"))).toBe(true);
  });

  it("deletes an item with an undo that saves it again with its fields and puts it back in its folders", async () => {
    let deleted = false;
    const calls = serve({
      "GET /api/contentuser/counts": answerCounts(counts),
      "GET /api/contentuser/search": () => page(deleted ? [] : [article]),
      "DELETE /api/contentuser/delete/": () => {
        deleted = true;
        return { body: { id_primary: 1, folder_relations: [{ id_folder: 4, id_section: 6, priority: 3 }] } };
      },
      "POST /api/user/folder_relation/create_content/": ({ body }) => ({
        status: 201,
        body: { id: 12, ...(body as object), content: { ...article, id_primary: 9 } },
      }),
      "POST /api/contentuser/save/": ({ body }) => {
        deleted = false;
        return { status: 201, body: { ...article, ...(body as object), id_primary: 9 } };
      },
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/home", session: signedIn("member") });
    await user.click(await screen.findByRole("button", { name: "Actions for Window functions explained" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    expect(await screen.findByText("“Window functions explained” deleted")).toBeInTheDocument();
    expect(calls().map((c) => c.call)).toContain("DELETE /api/contentuser/delete/?id_primary=1");

    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("“Window functions explained” is back in your library")).toBeInTheDocument();
    expect(calls().find((c) => c.call === "POST /api/contentuser/save/")?.body).toEqual({
      id_content: 101,
      title: "Window functions explained",
      content_type: "article",
      author: "Ada",
      duration_s: 900,
      description: null,
      is_private: false,
      fetch_metadata: false,
    });
    // Back at its place, as the saved copy it now is.
    expect(calls().find((c) => c.call === "POST /api/user/folder_relation/create_content/")?.body).toEqual({
      id_folder: 4,
      id_section: 6,
      priority: 3,
      id_primary: 9,
    });
    expect(await screen.findByRole("link", { name: "Window functions explained" })).toBeInTheDocument();
  });

  it("searches with the server's search parameter, 8 a page", async () => {
    const calls = serve({
      "GET /api/contentuser/counts": answerCounts(counts),
      "GET /api/contentuser/search": ({ url }) => page(url.searchParams.get("search") ? [article] : [article, course]),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/home", session: signedIn("member") });
    await user.type(await screen.findByRole("combobox", { name: "Search my library" }), "#window");
    expect(await screen.findByText("1 item matches “#window”")).toBeInTheDocument();
    expect(calls().map((c) => c.call)).toContain("GET /api/contentuser/search?page=1&page_size=8&contenType=all%2Cjob&search=%23window");
    expect(calls().map((c) => c.call)).toContain("GET /api/contentuser/counts?search=%23window");
  });
});

describe("/home tags", () => {
  const tagged = item({ id_primary: 7, title: "Giving feedback", tags: ["career", "people"] });

  it("filters by a card's tag chip with ?tag= in the address, so a reload keeps it, and clears the filter", async () => {
    const calls = serve({
      "GET /api/contentuser/counts": answerCounts(counts),
      "GET /api/contentuser/search": ({ url }) => page(url.searchParams.get("tag") === "career" ? [tagged] : [tagged, course]),
      "GET /api/contentuser/tags": reply(TagList, {
        results: [
          { id: 1, name: "career", count: 1 },
          { id: 2, name: "people", count: 1 },
        ],
      }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/home", session: signedIn("member") });
    // My tags are not asked for until they are needed.
    await screen.findByRole("link", { name: "SQL for Data Science" });
    expect(calls().map((c) => c.call)).not.toContain("GET /api/contentuser/tags");

    await user.click(screen.getByRole("button", { name: "Show items tagged career" }));
    expect(await screen.findByText("1 item matches “#career”")).toBeInTheDocument();
    expect(calls().map((c) => c.call)).toContain("GET /api/contentuser/search?page=1&page_size=8&contenType=all%2Cjob&tag=career");
    expect(calls().map((c) => c.call)).toContain("GET /api/contentuser/counts?tag=career");
    expect(screen.getByRole("combobox", { name: "Tag" })).toHaveTextContent("#career");

    // The filter's menu lists my tags; "All tags" lifts the filter.
    await user.click(screen.getByRole("combobox", { name: "Tag" }));
    expect(await screen.findByRole("option", { name: "#people" })).toBeInTheDocument();
    await user.click(screen.getByRole("option", { name: "All tags" }));
    expect(await screen.findByText("2 items")).toBeInTheDocument();
  });

  it("opens on the tag of the address", async () => {
    const calls = serve({ "GET /api/contentuser/counts": answerCounts(counts), "GET /api/contentuser/search": page([tagged]) });
    renderApp(<AppRoutes />, { path: "/home?tag=career", session: signedIn("member") });
    await screen.findByRole("link", { name: "Giving feedback" });
    expect(calls().map((c) => c.call)).toEqual(
      expect.arrayContaining(["GET /api/contentuser/search?page=1&page_size=8&contenType=all%2Cjob&tag=career", "GET /api/contentuser/counts?tag=career"]),
    );
  });

  it("offers my tags in the search box after a #", async () => {
    serve({
      "GET /api/contentuser/counts": answerCounts(counts),
      "GET /api/contentuser/search": page([tagged]),
      "GET /api/contentuser/tags": reply(TagList, { results: [{ id: 1, name: "career", count: 1 }] }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/home", session: signedIn("member") });
    const box = await screen.findByRole("combobox", { name: "Search my library" });
    await user.type(box, "#");
    await waitFor(() => expect(box).toHaveAttribute("list"));
    const list = document.getElementById(box.getAttribute("list")!);
    await waitFor(() => expect([...(list?.querySelectorAll("option") ?? [])].map((o) => o.getAttribute("value"))).toEqual(["#career"]));
  });
});

describe("/home saved jobs", () => {
  const job = item({
    id_primary: 3,
    id_content: 303,
    content_type: "job",
    title: "Platform engineer",
    provider: "indeed",
    url: "https://www.indeed.com/viewjob?jk=1",
    duration_s: null,
  });

  it("have their own tab with its count, show in All (counted there too), and searches find them", async () => {
    const calls = serve({
      "GET /api/contentuser/counts": answerCounts({ ...counts, jobsCount: 1 }),
      "GET /api/contentuser/search": ({ url }) => {
        const types = url.searchParams.get("contenType")!.split(",");
        const search = url.searchParams.get("search");
        // Nothing is found in page texts alone here.
        if (url.searchParams.get("in") === "text") return page([]);
        const items = [article, course, job].filter((i) => (types.includes("all") && i.content_type !== "job") || types.includes(i.content_type));
        return page(search ? items.filter((i) => i.title.toLowerCase().includes(search)) : items);
      },
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/home", session: signedIn("member") });
    // All: the five types and jobs, and its count is theirs.
    expect(await screen.findByRole("tab", { name: "All 3" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByRole("link", { name: "Platform engineer" })).toBeInTheDocument();
    expect(screen.getByText("3 items")).toBeInTheDocument();

    await user.type(screen.getByRole("combobox", { name: "Search my library" }), "platform");
    expect(await screen.findByText("1 item matches “platform”")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Platform engineer" })).toBeInTheDocument();

    await user.clear(screen.getByRole("combobox", { name: "Search my library" }));
    expect(await screen.findByText("3 items")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Jobs 1" }));
    const list = await screen.findByRole("list", { name: "Saved items" });
    await waitFor(() => expect(within(list).queryByRole("link", { name: "Window functions explained" })).not.toBeInTheDocument());
    expect(within(list).getByRole("link", { name: "Platform engineer" })).toBeInTheDocument();
    expect(calls().map((c) => c.call)).toContain("GET /api/contentuser/search?page=1&page_size=8&contenType=job");
  });
});

describe("/profile/:username", () => {
  it("shows a colleague's public saves", async () => {
    const calls = serve({ "GET /api/contentuser/counts": answerCounts(counts), "GET /api/contentuser/search": page([article]) });
    renderApp(<AppRoutes />, { path: "/profile/teamleader", session: signedIn("member") });
    expect(await screen.findByRole("heading", { level: 1, name: "Saved by @teamleader" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Window functions explained" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Actions for/ })).toBeNull();
    expect(calls().map((c) => c.call)).toContain("GET /api/contentuser/search?page=1&page_size=8&contenType=all%2Cjob&username=teamleader");
    expect(calls().map((c) => c.call)).toContain("GET /api/contentuser/counts?username=teamleader");
  });

  it("says clearly when there is no such colleague (404)", async () => {
    serve({});
    renderApp(<AppRoutes />, { path: "/profile/nobody", session: signedIn("member") });
    expect(await screen.findByRole("heading", { level: 1, name: "Colleague not found" })).toBeInTheDocument();
    expect(screen.getByText("There is no colleague called @nobody in your company")).toBeInTheDocument();
  });

  it("falls back to empty lists and zero counts when the colleague's content fails to load (spec §8)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const boom = { status: 500, body: { error: { code: "internal_error", message: "boom" } } };
    serve({ "GET /api/contentuser/counts": boom, "GET /api/contentuser/search": boom });
    renderApp(<AppRoutes />, { path: "/profile/teamleader", session: signedIn("member") });
    expect(await screen.findByRole("tab", { name: "All 0" })).toBeInTheDocument();
    expect(await screen.findByText("No saved content yet")).toBeInTheDocument();
  });
});

describe("/home search in page texts", () => {
  it("lists, below the title matches, the items whose kept page text alone holds the words", async () => {
    const calls = serve({
      "GET /api/contentuser/counts": answerCounts(counts),
      "GET /api/contentuser/search": ({ url }) => {
        if (!url.searchParams.get("search")) return page([article, course]);
        // The course's title says "SQL"; the article's page alone talks of it.
        return url.searchParams.get("in") === "text" ? page([article]) : page([course]);
      },
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/home", session: signedIn("member") });
    await user.type(await screen.findByRole("combobox", { name: "Search my library" }), "sql");
    expect(await screen.findByText("1 item matches “sql”")).toBeInTheDocument();
    const inText = await screen.findByRole("region", { name: "1 more item holds “sql” in its page's text" });
    const list = within(inText).getByRole("list", { name: "Items found in their page's text" });
    expect(within(list).getByRole("link", { name: "Window functions explained" })).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Saved items" })).queryByRole("link", { name: "Window functions explained" })).toBeNull();
    expect(calls().map((c) => c.call)).toContain("GET /api/contentuser/search?page=1&page_size=8&contenType=all%2Cjob&search=sql&in=text");
  });
});
