import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ContentPreview } from "@learnward/contracts";
import { renderApp, signedIn } from "../../test/render";
import { serveFetch, type StubRoutes } from "../../test/fetch";
import AddContentDialog from "./AddContentDialog";

afterEach(() => vi.unstubAllGlobals());

const unreadable: ContentPreview = {
  url: "https://learning.example/sql-window-functions",
  content_type: "article",
  provider: null,
  title: null,
  author: null,
  description: null,
  image_url: null,
  duration_s: null,
  readable: false,
};

const course: ContentPreview = {
  url: "https://www.coursera.org/learn/sql",
  content_type: "course",
  provider: "coursera",
  title: "SQL for Data Science",
  author: "UC Davis",
  description: "Learn SQL basics.",
  image_url: "https://cdn.example.com/sql.png",
  duration_s: 5 * 3600 + 30 * 60,
  readable: true,
};

const saved = (overrides: object = {}) => ({
  id_primary: 1,
  id_content: 10,
  content_type: "article",
  title: "SQL window functions",
  url: unreadable.url,
  author: null,
  duration_s: null,
  description: null,
  image_url: null,
  provider: null,
  is_private: false,
  course_status: null,
  completed: null,
  state: null,
  created_at: new Date().toISOString(),
  metadata_pending: false,
  ...overrides,
});

const serve = (routes: Partial<StubRoutes>) => serveFetch(routes).fetch;

function open() {
  const onClose = vi.fn();
  renderApp(<AddContentDialog open onClose={onClose} />, { path: "/home", session: signedIn("member") });
  return onClose;
}

const bodyOf = (fetch: ReturnType<typeof serve>, method: string, path: string) => {
  const call = fetch.mock.calls.find(([input, init]) => (init?.method ?? "GET") === method && String(input) === path);
  return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : undefined;
};

describe("add content dialog", () => {
  it("says when the page could not be read, and saves what the person typed", async () => {
    const fetch = serve({
      "POST /api/contentuser/preview/": { body: unreadable },
      "POST /api/contentuser/save/": { status: 201, body: saved() },
    });
    const user = userEvent.setup();
    const onClose = open();
    await user.type(screen.getByLabelText(/^Link/), unreadable.url);
    await user.click(screen.getByRole("button", { name: "Read page" }));

    expect(await screen.findByText(/We couldn't read this page/)).toBeInTheDocument();
    expect(bodyOf(fetch, "POST", "/api/contentuser/preview/")).toEqual({ url: unreadable.url });
    const title = screen.getByLabelText(/^Title/);
    expect(title).toHaveValue("");

    await user.click(screen.getByRole("button", { name: "Save to my library" }));
    expect(await screen.findByText("Required")).toBeInTheDocument();
    await user.type(title, "SQL window functions");
    await user.type(screen.getByLabelText(/^Duration in minutes/), "25");
    await user.click(screen.getByRole("button", { name: "Save to my library" }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodyOf(fetch, "POST", "/api/contentuser/save/")).toEqual({
      url: unreadable.url,
      title: "SQL window functions",
      content_type: "article",
      author: null,
      duration_s: 1500,
      description: null,
      image_url: null,
      is_private: false,
      fetch_metadata: false,
    });
  });

  it("counts the new item towards a skill of one of my open plans when I choose one", async () => {
    const sprint = { id: 3, title: "SQL sprint", deadline: "2099-01-31" };
    const fetch = serve({
      "POST /api/contentuser/preview/": { body: course },
      "POST /api/contentuser/save/": { status: 201, body: saved({ id_primary: 41, content_type: "course", course_status: "wishlist" }) },
      "GET /api/contentuser/plan-skills": { body: [{ plan: sprint, skills: ["sql", "statistics"] }] },
      "PUT /api/contentuser/41/plan-skills": {
        body: { attached: [{ plan: sprint, skill: "statistics" }], options: [{ plan: sprint, skills: ["sql", "statistics"] }] },
      },
    });
    const user = userEvent.setup();
    const onClose = open();
    await user.type(screen.getByLabelText(/^Link/), course.url);
    await user.click(screen.getByRole("button", { name: "Read page" }));
    await user.click(await screen.findByRole("combobox", { name: "Counts towards a plan (optional)" }));
    await user.click(await screen.findByRole("option", { name: "SQL sprint · statistics" }));
    await user.click(screen.getByRole("button", { name: "Save to my library" }));

    await vi.waitFor(() => expect(bodyOf(fetch, "PUT", "/api/contentuser/41/plan-skills")).toEqual({ plan_id: 3, skill: "statistics" }));
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the page's metadata and says so when it is already in the library (409)", async () => {
    const fetch = serve({
      "POST /api/contentuser/preview/": { body: course },
      "POST /api/contentuser/save/": {
        status: 409,
        body: { error: { code: "already_in_library", message: "This content is already in your library", details: { id_primary: 3 } } },
      },
    });
    const user = userEvent.setup();
    const onClose = open();
    await user.type(screen.getByLabelText(/^Link/), course.url);
    await user.click(screen.getByRole("button", { name: "Read page" }));

    const preview = await screen.findByRole("region", { name: "What the page says" });
    expect(within(preview).getByText("SQL for Data Science")).toBeInTheDocument();
    expect(within(preview).getByText("Course · Coursera · UC Davis · 5 h 30 min")).toBeInTheDocument();
    expect(within(preview).getByText("Learn SQL basics.")).toBeInTheDocument();
    expect(screen.queryByText(/We couldn't read this page/)).toBeNull();
    expect(screen.getByLabelText(/^Title/)).toHaveValue("SQL for Data Science");
    expect(screen.getByLabelText(/^Duration in minutes/)).toHaveValue("330");

    await user.click(screen.getByRole("button", { name: "Save to my library" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This is already in your library.");
    expect(onClose).not.toHaveBeenCalled();
    // An unchanged duration keeps its seconds; the page's picture is kept.
    expect(bodyOf(fetch, "POST", "/api/contentuser/save/")).toMatchObject({ duration_s: 19800, image_url: course.image_url, content_type: "course" });
  });

  it("checks the link before asking the server", async () => {
    const fetch = serve({});
    const user = userEvent.setup();
    open();
    await user.type(screen.getByLabelText(/^Link/), "ftp://example.com/file");
    await user.click(screen.getByRole("button", { name: "Read page" }));
    expect(await screen.findByText("Enter a link that starts with http:// or https://")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
