// A learner home: /home opens with what needs the person, above their library.
import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { HomeResponse, RecommendationsResponse, type ContentItem } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { EMPTY_COUNTS } from "../library/api";
import { content } from "../discover/testing";
import { renderApp, reply, serveFetch, signedIn, type StubRoutes } from "../../test/render";
import { contentItem } from "../../test/contentItem";

afterEach(() => vi.unstubAllGlobals());

type MyTask = HomeResponse["assigned"]["results"][number];

const task = (id: number, title: string, deadline: string, overrides: Partial<MyTask> = {}): MyTask => ({
  plan: {
    id,
    title,
    deadline,
    skills: {},
    teams: [],
    created_by: { id: 3, display_name: "Lee Leader" },
    created_at: "2026-11-01T09:00:00.000Z",
  },
  status: "pending",
  overdue: false,
  progress: { done: 1, total: 4, percent: 25 },
  ...overrides,
});

const running = (id: number, title: string): ContentItem =>
  contentItem({
    id_primary: id,
    id_content: 100 + id,
    content_type: "course",
    title,
    url: `https://learning.example/running/${id}`,
    author: "Ana Ruiz",
    duration_s: 3600,
    provider: null,
    course_status: "running",
    completed: false,
    created_at: "2026-11-01T09:00:00.000Z",
  });

const EMPTY_HOME: HomeResponse = { assigned: { count: 0, results: [] }, due_soon: { count: 0, results: [] }, continue: { count: 0, results: [] } };

/** /home's calls: my sections, Discover's recommendations, and an empty library below them. */
function serve(home: HomeResponse, recommendations: RecommendationsResponse["results"] = [], routes: Partial<StubRoutes> = {}) {
  return serveFetch({
    "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
    "GET /api/contentuser/counts": { body: EMPTY_COUNTS },
    "GET /api/contentuser/search": { body: { count: 0, results: [], links: { next: null, previous: null } } },
    "GET /api/b2b/v1/home/": reply(HomeResponse, home),
    "GET /api/b2b/v1/discover/recommendations/": reply(RecommendationsResponse, { plan_skills: ["sql"], finished_skills: [], results: recommendations }),
    ...routes,
  }).calls;
}

const section = async (name: string) => screen.findByRole("region", { name });
const entries = async (name: string) => within(await section(name)).findByRole("list", { name });

describe("/home: what needs me", () => {
  it("shows my plans once, soonest first, each with its deadline, progress and how urgent it is; what to continue and what is recommended", async () => {
    const overdue = task(1, "Security basics", "2026-11-20", { overdue: true, status: "active" });
    const soon = task(2, "SQL sprint", "2026-12-01");
    const later = task(3, "Leadership", "2027-02-01");
    serve(
      {
        assigned: { count: 5, results: [overdue, soon, later] },
        due_soon: { count: 2, results: [overdue, soon] },
        continue: { count: 1, results: [running(7, "Kubernetes fundamentals")] },
      },
      [{ ...content(40, "Window functions"), reason: { kind: "plan", skill: "sql", source: "SQL sprint" } }],
    );
    renderApp(<AppRoutes />, { path: "/home", session: signedIn("member") });

    const assigned = await entries("Assigned to me");
    expect(
      within(assigned)
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual(["Security basics", "SQL sprint", "Leadership"]);
    expect(within(assigned).getByRole("link", { name: "SQL sprint" })).toHaveAttribute("href", "/collaborative-network/myTasks");
    expect(within(assigned).getByText("Due Dec 1, 2026 · 1 of 4 done")).toBeInTheDocument();
    expect(within(assigned).getByRole("progressbar", { name: "Progress on SQL sprint" })).toHaveAttribute("aria-valuenow", "25");
    expect(within(await section("Assigned to me")).getByRole("link", { name: "See all 5 plans" })).toHaveAttribute("href", "/collaborative-network/myTasks");
    expect(within(await section("Assigned to me")).getByText("2 due in the next 14 days")).toBeInTheDocument();
    // How urgent each one is, beside it: one list, no plan shown twice.
    const [first, second, third] = within(assigned).getAllByRole("listitem");
    expect(within(first!).getByText("Overdue")).toBeInTheDocument();
    expect(within(second!).getByText("Due soon")).toBeInTheDocument();
    expect(within(second!).queryByText("Overdue")).toBeNull();
    expect(within(third!).queryByText(/Due soon|Overdue/)).toBeNull();
    expect(
      screen.getAllByRole("region").map((r) => r.getAttribute("aria-labelledby") && document.getElementById(r.getAttribute("aria-labelledby")!)?.textContent),
    ).toEqual(["Assigned to me", "Continue", "Recommended"]);

    const continuing = await entries("Continue");
    expect(within(continuing).getByRole("link", { name: "Kubernetes fundamentals" })).toHaveAttribute("href", "https://learning.example/running/7");
    expect(within(await section("Continue")).getByRole("link", { name: "See 1 item in progress" })).toHaveAttribute("href", "/home?tab=course&course=running");

    const recommended = await entries("Recommended");
    expect(within(recommended).getByRole("link", { name: "Window functions" })).toHaveAttribute("href", "https://learning.example/40");
    expect(within(recommended).getByText("Course · For your plan “SQL sprint”")).toBeInTheDocument();

    // Above the library, which stays as it is.
    expect(screen.getByRole("heading", { level: 2, name: "My library" })).toBeInTheDocument();
    expect(await screen.findByRole("tab", { name: "All 0" })).toBeInTheDocument();
  });

  it("tells a new hire with nothing yet what to do next in each section", async () => {
    serve(EMPTY_HOME);
    renderApp(<AppRoutes />, { path: "/home", session: signedIn("member") });
    const assigned = await section("Assigned to me");
    expect(await within(assigned).findByText(/Nothing assigned yet/)).toBeInTheDocument();
    expect(within(assigned).getByRole("link", { name: "browse the company library" })).toHaveAttribute("href", "/collaborative-network/library");
    const continuing = await section("Continue");
    expect(within(continuing).getByRole("link", { name: "start a course from your wishlist" })).toHaveAttribute("href", "/home?tab=course&course=wishlist");
    const recommended = await section("Recommended");
    expect(await within(recommended).findByRole("link", { name: "search Discover" })).toHaveAttribute("href", "/discover");
    // Nothing to see all of.
    expect(within(assigned).queryByRole("link", { name: /See all/ })).toBeNull();
  });

  it("says when a section could not be loaded and tries again on request", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let fail = true;
    serve(EMPTY_HOME, [], {
      "GET /api/b2b/v1/home/": () => (fail ? { status: 500, body: { error: { code: "internal_error", message: "boom" } } } : { body: EMPTY_HOME }),
    });
    renderApp(<AppRoutes />, { path: "/home", session: signedIn("member") });
    const assigned = await section("Assigned to me");
    expect(await within(assigned).findByText("This section could not be loaded.")).toBeInTheDocument();
    fail = false;
    within(assigned).getByRole("button", { name: "Try again" }).click();
    expect(await within(assigned).findByText(/Nothing assigned yet/)).toBeInTheDocument();
  });

  it("says when nothing of what is assigned is due soon", async () => {
    serve({ ...EMPTY_HOME, assigned: { count: 1, results: [task(3, "Leadership", "2027-02-01")] } });
    renderApp(<AppRoutes />, { path: "/home", session: signedIn("member") });
    expect(await within(await section("Assigned to me")).findByText("Nothing due in the next 14 days. You are on track.")).toBeInTheDocument();
  });
});
