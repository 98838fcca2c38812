import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppRoutes } from "../../app/router";
import { renderApp, signedIn } from "../../test/render";
import { contentItem } from "../../test/contentItem";
import { collection, fakeServer, page } from "../../features/network/testing";
import { answered, content, copilotItem, facets, message, sse } from "../../features/discover/testing";

afterEach(() => vi.unstubAllGlobals());

const sqlCourse = content(11, "SQL Essential Training");
const article = content(12, "Window functions", {
  content_type: "article",
  provider: null,
  saved_by: [{ username: "tessa", display_name: "Tessa Lind" }],
  savers_count: 2,
});

/** The saved copy POST /api/contentuser/save/ and /api/user/wishlist/ answer with. */
const savedCopy = (id: number, courseStatus: "wishlist" | null) =>
  contentItem({
    id_primary: 1,
    id_content: id,
    content_type: courseStatus ? "course" : "article",
    title: "x",
    url: "https://learning.example/x",
    author: null,
    duration_s: null,
    provider: null,
    course_status: courseStatus,
    created_at: "2026-01-01T00:00:00.000Z",
  });

function discoverServer(overrides: Parameters<typeof fakeServer>[0] = {}) {
  const saved = new Set<number>();
  return fakeServer({
    "GET /api/b2b/v1/discover/": ({ url }) => {
      const type = url.searchParams.get("type");
      const results = [sqlCourse, article]
        .filter((r) => !type || r.content_type === type)
        .map((r) =>
          saved.has(r.id_content) ? { ...r, mine: { id_primary: 1, course_status: r.content_type === "course" ? ("wishlist" as const) : null } } : r,
        );
      return { body: { ...page(results), facets: facets() } };
    },
    "GET /api/b2b/v1/discover/trending/": () => ({ body: { window_days: 30, results: [{ ...article, saves_30d: 3, completions_30d: 1 }] } }),
    "GET /api/b2b/v1/discover/recommendations/": () => ({
      body: { plan_skills: ["sql"], finished_skills: [], results: [{ ...sqlCourse, reason: { kind: "plan", skill: "sql", source: "Data sprint" } }] },
    }),
    "GET /api/b2b/v1/copilot/conversations/": () => ({ body: page([]) }),
    "POST /api/contentuser/save/": ({ body }) => {
      saved.add((body as { id_content: number }).id_content);
      return { status: 201, body: savedCopy((body as { id_content: number }).id_content, null) };
    },
    "POST /api/user/wishlist/": ({ body }) => {
      saved.add((body as { id_course: number }).id_course);
      return { status: 201, body: savedCopy((body as { id_course: number }).id_course, "wishlist") };
    },
    ...overrides,
  });
}

describe("/discover", () => {
  it("asks for its rows, the copilot's history and its first results while its code loads, once each (app/firstData.ts)", async () => {
    const server = discoverServer();
    renderApp(<AppRoutes />, { path: "/discover", session: signedIn("member") });
    // Every answer shown: the rows, the results and the copilot's (empty) history.
    // The first page of the file waits for its code to be transformed: slow on a busy machine.
    expect(
      await within(await screen.findByRole("region", { name: "Trending in your company" }, { timeout: 5000 })).findByText("3 saves · 1 finished"),
    ).toBeInTheDocument();
    expect(await within(screen.getByRole("region", { name: "Recommended for you" })).findByText("For your plan “Data sprint”: sql")).toBeInTheDocument();
    expect(await within(screen.getByRole("region", { name: "Your company's catalog" })).findByText("SQL Essential Training")).toBeInTheDocument();
    expect(await screen.findByText("Your conversations will be kept here.")).toBeInTheDocument();
    const gets = server.fetch.mock.calls
      .map(([input]) => String(input))
      .filter((url) => url.startsWith("/api/b2b/v1/discover") || url.startsWith("/api/b2b/v1/copilot"));
    expect(gets.sort()).toEqual([
      "/api/b2b/v1/copilot/conversations/?page_size=20",
      "/api/b2b/v1/discover/?page=1&page_size=12",
      "/api/b2b/v1/discover/recommendations/?limit=8",
      "/api/b2b/v1/discover/trending/?limit=8",
    ]);
  });

  it("lists the 20 newest conversations and older ones a page at a time, on request", async () => {
    const summary = (id: number) => ({
      id,
      title: `Question ${id}`,
      language: "en",
      messages_count: 2,
      created_at: "2026-11-01T00:00:00.000Z",
      updated_at: "2026-11-01T00:00:00.000Z",
    });
    const all = Array.from({ length: 23 }, (_, i) => summary(23 - i));
    discoverServer({
      "GET /api/b2b/v1/copilot/conversations/": ({ url }) => {
        const number = Number(url.searchParams.get("page") ?? 1);
        return {
          body: { count: all.length, next: number * 20 < all.length ? "more" : null, previous: null, results: all.slice((number - 1) * 20, number * 20) },
        };
      },
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/discover", session: signedIn("member") });
    const history = await screen.findByRole("navigation", { name: "Past conversations" });
    expect(await within(history).findByRole("button", { name: "Question 23" })).toBeInTheDocument();
    expect(within(history).queryByRole("button", { name: "Question 3" })).not.toBeInTheDocument();
    await user.click(within(history).getByRole("button", { name: "Show older conversations" }));
    expect(await within(history).findByRole("button", { name: "Question 1" })).toBeInTheDocument();
    expect(within(history).getAllByRole("button", { name: /^Question / })).toHaveLength(23);
    // Nothing older: the button goes.
    expect(within(history).queryByRole("button", { name: "Show older conversations" })).not.toBeInTheDocument();
  });

  it("searches with filters and facet counts, shows trending and recommendations", async () => {
    const server = discoverServer();
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/discover", session: signedIn("member") });
    expect(await screen.findByRole("heading", { level: 1, name: "Discover" })).toBeInTheDocument();
    const trending = await screen.findByRole("region", { name: "Trending in your company" });
    expect(await within(trending).findByText("3 saves · 1 finished")).toBeInTheDocument();
    const recommended = screen.getByRole("region", { name: "Recommended for you" });
    expect(await within(recommended).findByText("For your plan “Data sprint”: sql")).toBeInTheDocument();

    const results = screen.getByRole("region", { name: "Your company's catalog" });
    expect(await within(results).findByRole("link", { name: "Window functions" })).toHaveAttribute("href", "https://learning.example/12");
    expect(within(results).getByText(/Saved by/)).toHaveTextContent("Saved by Tessa Lind and 1 more");
    expect(within(results).getByRole("link", { name: "Tessa Lind" })).toHaveAttribute("href", "/profile/tessa");

    const type = screen.getByRole("combobox", { name: "Type" });
    expect(within(type).getByRole("option", { name: "Course (1)" })).toBeInTheDocument();
    await user.selectOptions(type, "course");
    const filtered = await screen.findByRole("region", { name: "Results" });
    await waitFor(() => expect(within(filtered).queryByRole("link", { name: "Window functions" })).not.toBeInTheDocument());
    expect(within(filtered).getByRole("link", { name: "SQL Essential Training" })).toBeInTheDocument();
    const asked = server.fetch.mock.calls.map(([input]) => new URL(String(input), "http://localhost")).filter((u) => u.pathname === "/api/b2b/v1/discover/");
    expect(asked.at(-1)!.searchParams.get("type")).toBe("course");
    // Searching hides the rows.
    expect(screen.queryByRole("region", { name: "Trending in your company" })).not.toBeInTheDocument();
  });

  it("saves in one click, and puts a course on the wishlist", async () => {
    const server = discoverServer();
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/discover?type=article", session: signedIn("member") });
    const results = await screen.findByRole("region", { name: "Results" });
    await user.click(await within(results).findByRole("button", { name: "Save Window functions to my library" }));
    expect(server.sent("POST /api/contentuser/save/")).toEqual([{ id_content: 12, fetch_metadata: false }]);
    expect(await within(results).findByRole("button", { name: "Saved: Window functions is in my library" })).toBeDisabled();

    const recommended = screen.queryByRole("region", { name: "Recommended for you" });
    expect(recommended).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Type" }), "course");
    await user.click(await within(results).findByRole("button", { name: "Add SQL Essential Training to my wishlist" }));
    expect(server.sent("POST /api/user/wishlist/")).toEqual([{ id_course: 11 }]);
    expect(await within(results).findByRole("button", { name: "On wishlist: SQL Essential Training" })).toBeDisabled();
  });

  it("asks the copilot, streams the answer into a live region, and turns it into a collection", async () => {
    const question = "I need to learn SQL in two weeks";
    const answer = message(2, "assistant", "Here is a 2-week plan for SQL:\n\nWeek 1 (10 min)\n[1] SQL basics — article, 10 min", {
      items: [copilotItem(1, "SQL basics")],
      plan: {
        skills: ["sql"],
        available_s: 36000,
        span: { unit: "week", count: 2 },
        total_s: 600,
        sections: [{ title: "Week 1", kind: "week", items: [1, 2], duration_s: 600 }],
      },
    });
    const done = answered(9, question, answer);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = discoverServer({
      "POST /api/b2b/v1/copilot/conversations/": { status: 201, body: { ...done.conversation, title: "", messages_count: 0, messages: [] } },
      // The answer's first words arrive, then the rest once the test has seen them.
      "POST /api/b2b/v1/copilot/conversations/9/messages/": () => ({
        stream: (async function* () {
          yield sse("start", { conversation: done.conversation, question: done.question }) + sse("delta", { text: "Here is a 2-week " });
          await held;
          yield sse("delta", { text: "plan for SQL" }) + sse("done", done);
        })(),
      }),
      "POST /api/b2b/v1/copilot/conversations/9/collection/": {
        status: 201,
        body: {
          collection: collection({ id: 77, title: "Learn SQL in 2 weeks", status: "private" }),
          url: "/collaborative-network/collections/77/Learn-SQL-in-2-weeks",
          created: true,
        },
      },
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/discover", session: signedIn("member") });
    const panel = await screen.findByRole("region", { name: "Learning copilot" });
    await user.type(within(panel).getByRole("textbox", { name: "Your question" }), `${question}{Enter}`);

    const live = await within(panel).findByTestId("copilot-stream");
    expect(live).toHaveAttribute("aria-live", "polite");
    await waitFor(() => expect(live).toHaveTextContent("Here is a 2-week"));
    release();
    const log = await within(panel).findByRole("list", { name: "Conversation with the copilot" });
    expect(await within(log).findByRole("link", { name: "Item 1: SQL basics" })).toHaveAttribute("href", "https://learning.example/item-1");
    await waitFor(() => expect(within(log).getAllByText(question)).toHaveLength(1));
    expect(within(panel).getByText("The copilot answered.")).toBeInTheDocument();
    expect(server.sent("POST /api/b2b/v1/copilot/conversations/9/messages/")).toEqual([{ content: question }]);

    await user.click(within(log).getByRole("button", { name: "Turn this into a collection" }));
    expect(await within(log).findByRole("link", { name: "Open the collection “Learn SQL in 2 weeks”" })).toHaveAttribute(
      "href",
      "/collaborative-network/collections/77/Learn-SQL-in-2-weeks",
    );
  });
  it("gives the question two lines that grow with it by CSS, with no hidden copy measured as the page loads", async () => {
    discoverServer({});
    renderApp(<AppRoutes />, { path: "/discover", session: signedIn("member") });
    const panel = await screen.findByRole("region", { name: "Learning copilot" });
    const box = within(panel).getByRole("textbox", { name: "Your question" });
    expect(box).toHaveAttribute("rows", "2");
    // MUI's autosizing box keeps a hidden twin to measure, in a layout effect, as the page hydrates.
    expect(panel.querySelectorAll("textarea")).toHaveLength(1);
  });

  it("offers follow-ups under the latest answer that refine it in the same conversation", async () => {
    const question = "I need to learn SQL";
    const answer = message(2, "assistant", "Here is a plan for SQL:\n\n[1] SQL basics — article, 10 min\n[2] SQL joins — video, 20 min", {
      items: [copilotItem(1, "SQL basics"), copilotItem(2, "SQL joins")],
      plan: {
        skills: ["sql"],
        available_s: 36000,
        span: { unit: "week", count: 1 },
        total_s: 600,
        sections: [{ title: "Week 1", kind: "week", items: [1, 2], duration_s: 600 }],
      },
    });
    const done = answered(9, question, answer);
    const server = discoverServer({
      "POST /api/b2b/v1/copilot/conversations/": { status: 201, body: { ...done.conversation, title: "", messages_count: 0, messages: [] } },
      "POST /api/b2b/v1/copilot/conversations/9/messages/": () => ({
        stream: (async function* () {
          yield sse("start", { conversation: done.conversation, question: done.question }) + sse("done", done);
        })(),
      }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/discover", session: signedIn("member") });
    const panel = await screen.findByRole("region", { name: "Learning copilot" });
    await user.type(within(panel).getByRole("textbox", { name: "Your question" }), `${question}{Enter}`);
    const refine = await within(panel).findByRole("group", { name: "Refine this answer" });
    expect(
      within(refine)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Which of those is shortest?", "Only videos", "Shorter", "More advanced", "In Spanish", "I have 2 hours this week"]);
    await user.click(within(refine).getByRole("button", { name: "Only videos" }));
    await waitFor(() => expect(server.sent("POST /api/b2b/v1/copilot/conversations/9/messages/")).toEqual([{ content: question }, { content: "Only videos" }]));
  });
});
