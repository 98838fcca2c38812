import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Insights } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { LocationProbe } from "../../test/LocationProbe";
import { renderApp, serveFetch, signedIn, stubFetch } from "../../test/render";
import { TIMES } from "./filters";
import { companyInsights as company } from "./testing";

// The charts are @mui/x-charts (drawn in the browser tests); here each one stands in as a marker.
vi.mock("./ActivityChart", () => ({ default: () => <div data-testid="activity-chart" /> }));
vi.mock("./TypeMixChart", () => ({ default: () => <div data-testid="types-chart" /> }));
vi.mock("./BudgetChart", () => ({ default: () => <div data-testid="budget-chart" /> }));

afterEach(() => vi.unstubAllGlobals());
beforeAll(async () => {
  await Promise.all([import("../../app/layout/AppLayout"), import("../../routes/insights/InsightsPage")]);
}, 60_000);

const mine: Insights = {
  ...company,
  scope: "me",
  abilities: { scopes: ["me"], teams: [], remind: false },
  budget: null,
  pending: [],
  attention: [
    {
      id: "my_overdue_tasks",
      kind: "my_overdue_tasks",
      severity: "error",
      count: 1,
      params: {},
      action: { kind: "open_tasks", method: "link", href: "/collaborative-network/myTasks", enabled: true },
    },
  ],
};
const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

function serve(body: Insights) {
  return serveFetch({
    "GET /api/b2b/v1/insights/": { body },
    "POST /api/b2b/v1/insights/actions/remind_overdue/": { body: { kind: "remind_overdue", href: null, reminded: 1, skipped: 1 } },
    "GET /api/b2b/v1/profile/acme.test": { body: { id: 1, name: "Acme", domain: "acme.test", url_photo: null, currency: "USD", status: "active" } },
    "GET /api/b2b/v1/onboarding/": { body: page([]) },
  }).fetch;
}
const insightCalls = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith("/api/b2b/v1/insights/?") || u === "/api/b2b/v1/insights/");

async function open(path: string, role: "ldleader" | "member" = "ldleader") {
  const user = userEvent.setup();
  renderApp(
    <>
      <AppRoutes />
      <LocationProbe />
    </>,
    { path, session: signedIn(role) },
  );
  await screen.findByRole("heading", { level: 1, name: "Actionable insights" }, { timeout: 20_000 });
  await screen.findByRole("heading", { name: "Needs your attention" });
  // The charts and tables render after the key figures.
  await screen.findByRole("heading", { name: "Top content" });
  return user;
}

describe("/dashboard/content", () => {
  it("shows the company's figures, localized, with what needs attention and its one-click actions", { timeout: 60_000 }, async () => {
    const fetch = serve(company);
    const user = await open("/dashboard/content");
    const figures = screen.getByRole("region", { name: "Key figures" });
    expect(within(figures).getByText("1,234")).toBeInTheDocument();
    expect(within(figures).getByText("+23% vs the 30 days before")).toBeInTheDocument();
    expect(within(figures).getByText("1.5 hr")).toBeInTheDocument();
    expect(within(figures).getByText("Same as the period before")).toBeInTheDocument();

    const attention = screen.getByRole("region", { name: "Needs your attention" });
    expect(within(attention).getByText("2 people are past the deadline of an upskilling plan")).toBeInTheDocument();
    expect(within(attention).getByText("1 of them was reminded today")).toBeInTheDocument();
    expect(within(attention).getByRole("link", { name: "Review requests" })).toHaveAttribute("href", "/budgetingPlan/purchaseRequest");
    expect(within(attention).getByRole("link", { name: "Rebalance the budget" })).toHaveAttribute("href", "/budgetingPlan/companyBudget");
    expect(within(attention).getByText("Team Engineering has used 95% of its budget")).toBeInTheDocument();

    await user.click(within(attention).getByRole("button", { name: "Remind them" }));
    await vi.waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(true));
    const post = fetch.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(String(post[0])).toBe("/api/b2b/v1/insights/actions/remind_overdue/");
    expect(JSON.parse(String(post[1]?.body))).toEqual({ scope: "company" });
    // The dashboard reloads to show who was reminded.
    await vi.waitFor(() => expect(insightCalls(fetch).length).toBeGreaterThanOrEqual(2));
  });

  it("reminds one overdue person from their row, and shows who was reminded today", { timeout: 60_000 }, async () => {
    const fetch = serve(company);
    const user = await open("/dashboard/content");
    const table = screen.getByRole("table", { name: "Overdue people" });
    expect(within(table).getByRole("rowheader", { name: "Marco Bianchi" })).toBeInTheDocument();
    expect(within(table).queryByRole("button", { name: "Remind Tessa Lind" })).toBeNull();
    await user.click(within(table).getByRole("button", { name: "Remind Marco Bianchi" }));
    await vi.waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(true));
    const post = fetch.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ scope: "company", account_ids: [11] });
  });

  it("keeps the period and step in the URL and asks for them", { timeout: 60_000 }, async () => {
    const fetch = serve(company);
    const user = await open("/dashboard/content?time=all&bucket=month");
    expect(insightCalls(fetch)[0]).toContain("time=all");
    expect(insightCalls(fetch)[0]).toContain("bucket=month");
    expect(screen.getByRole("button", { name: "All time" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "7 days" }));
    await vi.waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/dashboard/content?time=7d&bucket=month"));
    await vi.waitFor(() => expect(insightCalls(fetch).some((u) => u.includes("time=7d") && u.includes("bucket=month"))).toBe(true));
    await user.click(screen.getByRole("button", { name: "Daily" }));
    await vi.waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/dashboard/content?time=7d&bucket=day"));
  });

  it("asks for the figures of the address's filters while its code loads, and only once (app/firstData.ts)", { timeout: 60_000 }, async () => {
    const fetch = serve(company);
    await open("/dashboard/content?scope=team&team=7&time=7d&bucket=month");
    expect(insightCalls(fetch)).toEqual(["/api/b2b/v1/insights/?scope=team&team=7&time=7d&bucket=month"]);
  });

  it("applies a second change made before the first one has rendered on top of it", { timeout: 60_000 }, async () => {
    serve(company);
    await open("/dashboard/content");
    // Both clicks in one batch: the second handler runs before the router re-renders with the first.
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: "7 days" }));
      fireEvent.click(screen.getByRole("button", { name: "Monthly" }));
    });
    await vi.waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/dashboard/content?time=7d&bucket=month"));
  });

  it("offers every chart as a table, and every table as CSV", { timeout: 60_000 }, async () => {
    serve(company);
    const user = await open("/dashboard/content?time=7d");
    const activity = screen.getByRole("region", { name: "Activity over time" });
    expect(await within(activity).findByTestId("activity-chart")).toBeInTheDocument();
    expect(within(activity).getByRole("img").getAttribute("aria-label")).toMatch(
      /^From November 21, 2026 to November 22, 2026: 3 active learners at most in one step, 2 completions, 2 hr of learning\.$/,
    );
    await user.click(within(activity).getByRole("button", { name: "Table" }));
    const table = within(activity).getByRole("table", { name: "Activity over time" });
    expect(within(table).getByRole("rowheader", { name: "November 21, 2026" })).toBeInTheDocument();
    expect(within(activity).getByRole("link", { name: "Download CSV of Activity over time" })).toHaveAttribute(
      "href",
      "/api/b2b/v1/insights/export.csv?scope=company&time=7d&bucket=day&table=series",
    );
    const types = screen.getByRole("region", { name: "Content type mix" });
    expect(within(types).getByRole("img")).toHaveAccessibleName("Most activity on Courses (75%).");
    const budget = screen.getByRole("region", { name: "Budget used against allocated" });
    await user.click(within(budget).getByRole("button", { name: "Table" }));
    expect(within(budget).getByRole("row", { name: /Engineering \$1,000\.00 \$950\.00 \$0\.00 \$50\.00 95%/ })).toBeInTheDocument();
    for (const name of ["Top content", "Top skills", "Overdue people", "Upskilling plans"]) {
      expect(within(screen.getByRole("region", { name })).getByRole("link", { name: `Download CSV of ${name}` })).toBeInTheDocument();
    }
    expect(within(screen.getByRole("table", { name: "Top content" })).getByRole("link", { name: "SQL for analysts" })).toHaveAttribute(
      "href",
      "https://www.udemy.com/course/sql/",
    );
  });

  it("shows a member their own learning, with no scope to pick and the way to their tasks", { timeout: 60_000 }, async () => {
    serve(mine);
    await open("/dashboard/content", "member");
    expect(screen.queryByLabelText("Scope")).toBeNull();
    expect(screen.getByText(/^Your own learning/)).toBeInTheDocument();
    const attention = screen.getByRole("region", { name: "Needs your attention" });
    expect(within(attention).getByText("1 of your plans is past its deadline")).toBeInTheDocument();
    expect(within(attention).getByRole("link", { name: "Open my tasks" })).toHaveAttribute("href", "/collaborative-network/myTasks");
    expect(within(screen.getByRole("table", { name: "Your overdue plans" })).queryByRole("button")).toBeNull();
    expect(within(screen.getByRole("region", { name: "Key figures" })).getByText("Your overdue plans")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Budget used against allocated" })).toBeNull();
  });

  it("lets the L&D leader look at one team", { timeout: 60_000 }, async () => {
    const fetch = serve(company);
    const user = await open("/dashboard/content");
    await user.click(screen.getByLabelText("Scope"));
    await user.click(await screen.findByRole("option", { name: "Team" }));
    await vi.waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/dashboard/content?scope=team&team=7&time=30d&bucket=day"));
    await vi.waitFor(() => expect(insightCalls(fetch).some((u) => u.includes("scope=team") && u.includes("team=7"))).toBe(true));
  });

  it("offers the way back when a link asks for a view the person may not see", { timeout: 60_000 }, async () => {
    const fetch = serve(mine);
    fetch.mockImplementation(
      stubFetch({
        "GET /api/b2b/v1/insights/": { status: 403, body: { error: { code: "forbidden", message: "Permission denied" } } },
        "GET /api/b2b/v1/profile/acme.test": { body: { id: 1, name: "Acme", domain: "acme.test", url_photo: null, currency: "USD", status: "active" } },
        "GET /api/b2b/v1/onboarding/": { body: page([]) },
      }),
    );
    const user = userEvent.setup();
    renderApp(
      <>
        <AppRoutes />
        <LocationProbe />
      </>,
      { path: "/dashboard/content?scope=company&time=7d", session: signedIn("member") },
    );
    const alert = await screen.findByRole("alert", {}, { timeout: 20_000 });
    expect(alert).toHaveTextContent("The insights could not be loaded.");
    fetch.mockImplementation(stubFetch({ "GET /api/b2b/v1/insights/": { body: mine } }));
    await user.click(within(alert).getByRole("button", { name: "Show my usual view" }));
    await vi.waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/dashboard/content?time=7d&bucket=day"));
    expect(await screen.findByText(/^Your own learning/)).toBeInTheDocument();
  });
});

/** Each key figure's card as its label and the texts under it (value, then its comparison). */
function figureCards(): Record<string, string[]> {
  const region = screen.getByRole("region", { name: "Key figures" });
  return Object.fromEntries(
    [...region.querySelectorAll("dt")].map((dt) => [dt.textContent, [...dt.parentElement!.querySelectorAll("dd")].map((dd) => dd.textContent)]),
  );
}

describe("/dashboard/content figures in their units", () => {
  // The 24 hours view printed learning time's change as raw seconds: "+62,700 vs the day before".
  const versus = { all: null, "30d": "vs the 30 days before", "7d": "vs the 7 days before", "24h": "vs the day before" } as const;

  it.each(TIMES)("formats every figure and its change in its unit (time=%s)", { timeout: 60_000 }, async (time) => {
    const all = time === "all";
    serve({
      ...company,
      time,
      kpis: {
        active_learners: { value: 1234, previous: all ? null : 0 },
        learning_time_s: { value: 62_700, previous: all ? null : 0 },
        completions: { value: 3, previous: all ? null : 2 },
        overdue_people: { value: 2, previous: null },
        certificates: { value: 4, previous: all ? null : 4 },
      },
      top_content: [{ ...company.top_content[0]!, learning_time_s: 900 }],
      top_skills: [{ ...company.top_skills[0]!, learning_time_s: 62_700 }],
    });
    await open(`/dashboard/content?time=${time}`);
    const note = (delta: string) => (versus[time] ? [`${delta} ${versus[time]}`] : []);
    expect(figureCards()).toEqual({
      "Active learners": ["1,234", ...note("+1,234")],
      "Learning time": ["17 hr", ...note("+17 hr")],
      Completions: ["3", ...note("+50%")],
      "People overdue": ["2", "On upskilling plans past their deadline"],
      "Certificates issued": ["4", ...(versus[time] ? ["Same as the period before"] : [])],
    });
    expect(screen.getByRole("link", { name: "Download the certificates issued (CSV)" }).getAttribute("href")).toContain("table=certificates");
    // Learning time in the tables: minutes under an hour, hours above; money as money. The sections
    // under the figures come in one by one.
    const skills = await screen.findByRole("table", { name: "Top skills" });
    const topContent = screen.getByRole("table", { name: "Top content" });
    expect(within(topContent).getByText("15 min")).toBeInTheDocument();
    expect(within(skills).getByText("17 hr")).toBeInTheDocument();
    const activity = screen.getByRole("region", { name: "Activity over time" });
    expect(within(activity).getByRole("img").getAttribute("aria-label")).toContain("2 hr of learning");
    const budget = screen.getByRole("region", { name: "Budget used against allocated" });
    expect(within(budget).getByRole("img").getAttribute("aria-label")).toMatch(/\$950\.00.*\$1,000\.00/);
    expect(document.body.textContent).not.toMatch(/62[,.]?700/);
  });
});
