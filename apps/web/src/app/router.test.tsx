import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PUBLIC_PAGES } from "@learnward/contracts";
import { AppRoutes, isPublicRoute, preloadRoute } from "./router";
import { meFor, renderApp, serveFetch, signedIn, signedOut, stubFetch } from "../test/render";
import { LocationProbe } from "../test/LocationProbe";

const app = (
  <>
    <AppRoutes />
    <LocationProbe />
  </>
);

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    stubFetch({
      "GET /api/b2b/v1/profile/acme.test": {
        body: { id: 1, name: "Acme", domain: "acme.test", url_photo: null, currency: "USD", status: "active" },
      },
      "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const menu = () => screen.findByRole("navigation", { name: "Main menu" });

describe("routing", () => {
  it("sends an unsigned user to /login and remembers where they were going (spec §2)", async () => {
    renderApp(app, { path: "/home", session: signedOut });
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/login?next=%2Fhome");
  });

  it("shows the company budget to the L&D leader", async () => {
    renderApp(app, { path: "/budgetingPlan/companyBudget", session: signedIn("ldleader") });
    expect(await screen.findByRole("heading", { level: 1, name: "Company budget" })).toBeInTheDocument();
    expect(within(await menu()).getByRole("link", { name: "Company budget" })).toHaveAttribute("href", "/budgetingPlan/companyBudget");
  });

  it("shows other roles a not-allowed page for the company budget, and no menu entry", async () => {
    renderApp(app, { path: "/budgetingPlan/companyBudget", session: signedIn("hr") });
    expect(await screen.findByRole("heading", { name: "You do not have access to this page" })).toBeInTheDocument();
    expect(within(await menu()).queryByRole("link", { name: "Company budget" })).not.toBeInTheDocument();
  });

  it("links a team leader's people entry to their team (spec §6)", async () => {
    renderApp(app, { path: "/home", session: signedIn("teamleader") });
    expect(within(await menu()).getByRole("link", { name: "People management" })).toHaveAttribute("href", "/peopleManagement/team/7");
  });

  it("gates the menu and pages with the abilities the server sends, never the role", async () => {
    // A team leader the server lets run the company budget: the web app repeats no rule of its own.
    const me = meFor("teamleader");
    const session = {
      status: "signedIn" as const,
      me: { ...me, abilities: { ...me.abilities, manage_company_budget: true, see_own_team: false, see_all_people: true } },
    };
    renderApp(app, { path: "/budgetingPlan/companyBudget", session });
    expect(await screen.findByRole("heading", { level: 1, name: "Company budget" })).toBeInTheDocument();
    expect(within(await menu()).getByRole("link", { name: "Company budget" })).toHaveAttribute("href", "/budgetingPlan/companyBudget");
    expect(within(await menu()).getByRole("link", { name: "People management" })).toHaveAttribute("href", "/peopleManagement");
  });

  it("keeps a member out of what the server's abilities do not give them", async () => {
    const me = meFor("member");
    renderApp(app, { path: "/peopleManagement/skillboost", session: { status: "signedIn", me: { ...me, abilities: { ...me.abilities, see_people: false } } } });
    expect(await screen.findByRole("heading", { name: "You do not have access to this page" })).toBeInTheDocument();
    expect(within(await menu()).queryByRole("link", { name: "People management" })).not.toBeInTheDocument();
  });

  it("keeps members out of the admin area", async () => {
    renderApp(app, { path: "/admin", session: signedIn("member") });
    expect(await screen.findByRole("heading", { name: "You do not have access to this page" })).toBeInTheDocument();
  });

  it("gives admins the admin menu under /admin", async () => {
    renderApp(app, { path: "/admin/people-management", session: signedIn("admin") });
    expect(await screen.findByRole("heading", { level: 1, name: "People management" })).toBeInTheDocument();
    const links = within(await menu())
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(links).toEqual(["Companies", "Budget management", "People management", "Mail outbox"]);
    // No company: the drawer shows the platform's branding.
    expect(screen.getByText("Platform administration")).toBeInTheDocument();
  });

  it("follows the tab in the URL on people management and writes it back", async () => {
    const user = userEvent.setup();
    renderApp(app, { path: "/peopleManagement?tab=2", session: signedIn("hr") });
    expect(await screen.findByRole("tab", { name: "Employees" })).toHaveAttribute("aria-selected", "true");
    await user.click(screen.getByRole("tab", { name: "Approvals" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/peopleManagement?tab=3");
    expect(screen.getByRole("tab", { name: "Approvals" })).toHaveAttribute("aria-selected", "true");
  });

  it("sends an unsigned user of an unknown path to /login too (spec §2: any other route)", async () => {
    renderApp(app, { path: "/no-such-page", session: signedOut });
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/login?next=%2Fno-such-page");
  });

  it("shows a signed-in user a not-found page for unknown paths, inside the app", async () => {
    renderApp(app, { path: "/no-such-page", session: signedIn("member") });
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    expect(await menu()).toBeInTheDocument();
  });

  it("opens exactly the contracts' public pages without sign-in (the server redirects the same way)", () => {
    for (const path of PUBLIC_PAGES) expect(isPublicRoute(path.replace(/:\w+/, "abc")), path).toBe(true);
    for (const path of ["/home", "/setting", "/admin", "/no-such-page", "/login/elsewhere"]) expect(isPublicRoute(path), path).toBe(false);
  });

  it("shows the back button on a team page", async () => {
    renderApp(app, { path: "/peopleManagement/team/7", session: signedIn("teamleader") });
    expect(await screen.findByRole("heading", { level: 1, name: "Team Engineering" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Back" })).toBeInTheDocument();
  });

  it("returns to /login when the session ends while the user is working", async () => {
    const unauthenticated = { status: 401, body: { error: { code: "unauthenticated", message: "Sign in to continue" } } };
    serveFetch({ "GET /api/user/profile/": unauthenticated, "GET /api/session": { body: { me: null } } });
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderApp(app, { path: "/setting", session: signedIn("hr") });
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/login?next=%2Fsetting");
  });
});

describe("preloadRoute", () => {
  it("names the translations of the layouts and page a path shows, nested routes included", async () => {
    expect(await preloadRoute("/login")).toEqual(["auth"]);
    // The signed-in layout brings its onboarding panel's words and the refusals only the app meets.
    expect((await preloadRoute("/budgetingPlan/companyBudget")).sort()).toEqual(["appErrors", "budgeting", "onboarding"]);
    expect(await preloadRoute("/collaborative-network/collections/3/sql")).toEqual(["onboarding", "appErrors", "network", "skills"]);
    expect(await preloadRoute("/no/such/page")).toEqual(["onboarding"]);
  });
});
