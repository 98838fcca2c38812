import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppRoutes } from "../../app/router";
import { meFor, renderApp, serveFetch, signedIn, type StubRoutes } from "../../test/render";
import { collection } from "../../features/network/testing";

afterEach(() => vi.unstubAllGlobals());

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const engineering = { id: 7, name: "Engineering" };
const tessa = { id: 1, display_name: "Tessa Lind", email: "teamleader@acme.test" };
const member = (id: number, name: string, email: string, role: string) => ({
  id,
  uid: `uid-${id}`,
  display_name: name,
  email,
  username: email.split("@")[0],
  photo_url: null,
  role,
  status: "active",
  team: engineering,
  created_at: "2026-01-01T00:00:00.000Z",
});
const memberPlan = (git: number, ts: number) => ({
  plan: { id: 11, title: "Q4 upskilling", deadline: "2027-01-31" },
  status: "active",
  overdue: false,
  progress: { done: git + ts, total: 2, percent: ((git + ts) / 2) * 100 },
  skills: { git: { done: git, total: 1, percent: git * 100 }, typescript: { done: ts, total: 1, percent: ts * 100 } } as Record<
    string,
    { done: number; total: number; percent: number }
  >,
});
const progressRow = (id: number, name: string, email: string, plans: ReturnType<typeof memberPlan>[]) => ({
  account: { id, display_name: name, email },
  plans,
});
const progressPage = (results: ReturnType<typeof progressRow>[], skills = ["git", "typescript"], count = results.length) => ({
  count,
  next: null,
  previous: null,
  results,
  skills,
});

function serve(overrides: Partial<StubRoutes> = {}) {
  return serveFetch({
    "GET /api/b2b/v1/profile/acme.test": { body: meFor("teamleader").company },
    "GET /api/b2b/v1/onboarding/": { body: page([]) },
    "GET /api/b2b/v1/teams/7/": { body: { ...engineering, leader: tessa, members_count: 2, created_at: "2026-01-01T00:00:00.000Z" } },
    "GET /api/b2b/v1/teams/7/members/": {
      body: page([member(5, "Marco Bianchi", "member@acme.test", "member"), member(1, "Tessa Lind", "teamleader@acme.test", "teamleader")]),
    },
    "GET /api/b2b/v1/teams/7/progress/": {
      body: progressPage([
        progressRow(5, "Marco Bianchi", "member@acme.test", [memberPlan(1, 0)]),
        progressRow(1, "Tessa Lind", "teamleader@acme.test", [memberPlan(0, 0)]),
      ]),
    },
    "GET /api/b2b/v1/invite-requests/": { body: page([]) },
    "GET /api/b2b/v1/removal-requests/": { body: page([]) },
    ...overrides,
  }).fetch;
}

const posts = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === "POST").map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);

describe("/peopleManagement/team/{id}: the team leader's own team", () => {
  it("lists the members with their progress on assigned plans", async () => {
    serve();
    renderApp(<AppRoutes />, { path: "/peopleManagement/team/7", session: signedIn("teamleader", { id: 1 }) });
    const table = await screen.findByRole("table", { name: "Team members" });
    expect(await within(table).findByRole("progressbar", { name: "Progress of Marco Bianchi on Q4 upskilling" })).toHaveAttribute("aria-valuenow", "50");
    // No removal request for oneself.
    expect(within(table).getByRole("button", { name: "Request removal of Marco Bianchi" })).toBeInTheDocument();
    expect(within(table).queryByRole("button", { name: "Request removal of Tessa Lind" })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Invite requests" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Removal requests" })).toBeInTheDocument();
  });

  it("asks for one page of members and the same page of progress, and pages both together", async () => {
    const fetch = serve({
      "GET /api/b2b/v1/teams/7/members/": { body: { ...page([member(5, "Marco Bianchi", "member@acme.test", "member")]), count: 45 } },
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/peopleManagement/team/7", session: signedIn("teamleader", { id: 1 }) });
    expect(await screen.findByText("1–20 of 45")).toBeInTheDocument();
    const asked = (path: string) =>
      fetch.mock.calls
        .map(([url]) => new URL(String(url), "http://x"))
        .filter((url) => url.pathname === path)
        .map((url) => Object.fromEntries(url.searchParams));
    expect(asked("/api/b2b/v1/teams/7/members/")).toEqual([{ page: "1", page_size: "20" }]);
    expect(asked("/api/b2b/v1/teams/7/progress/")).toEqual([{ page: "1", page_size: "20" }]);
    await user.click(screen.getByRole("button", { name: "Go to the next page" }));
    expect(await screen.findByText("21–40 of 45")).toBeInTheDocument();
    await waitFor(() => expect(asked("/api/b2b/v1/teams/7/progress/").at(-1)).toEqual({ page: "2", page_size: "20" }));
    expect(asked("/api/b2b/v1/teams/7/members/").at(-1)).toEqual({ page: "2", page_size: "20" });
    // Nothing asks for plans one by one any more.
    expect(fetch.mock.calls.some(([url]) => String(url).includes("/plans/"))).toBe(false);
  });

  it("requests an invite with POST /invite-requests/ {email, team_id, reason}", async () => {
    const fetch = serve({ "POST /api/b2b/v1/invite-requests/": { status: 201, body: {} } });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/peopleManagement/team/7", session: signedIn("teamleader", { id: 1 }) });
    await user.click(await screen.findByRole("button", { name: "Request an invite" }));
    const dialog = await screen.findByRole("dialog", { name: "Request an invite to team Engineering" });
    await user.type(within(dialog).getByLabelText(/^Email/), "New.Hire@Outside.test");
    await user.type(within(dialog).getByLabelText(/^Reason/), "Backend hire");
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    await waitFor(() =>
      expect(posts(fetch)).toEqual([["/api/b2b/v1/invite-requests/", { email: "new.hire@outside.test", team_id: 7, reason: "Backend hire" }]]),
    );
  });

  it("requests a removal with POST /removal-requests/ and explains one already pending (409)", async () => {
    const fetch = serve({
      "POST /api/b2b/v1/removal-requests/": {
        status: 409,
        body: { error: { code: "removal_already_pending", message: "A removal request for this person is already pending" } },
      },
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/peopleManagement/team/7", session: signedIn("teamleader", { id: 1 }) });
    await user.click(await screen.findByRole("button", { name: "Request removal of Marco Bianchi" }));
    const dialog = await screen.findByRole("dialog", { name: "Request the removal of Marco Bianchi" });
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("A removal request for this person is already pending.");
    expect(posts(fetch)).toEqual([["/api/b2b/v1/removal-requests/", { employee_id: 5 }]]);
  });

  describe("assigning a plan from the team page", () => {
    const planRoutes = () => ({
      "GET /api/b2b/v1/teams/": { body: page([{ ...engineering, leader: tessa, members_count: 2, created_at: "2026-01-01T00:00:00.000Z" }]) },
      "GET /api/b2b/v1/employees/": { body: page([member(5, "Marco Bianchi", "member@acme.test", "member")]) },
      "GET /api/b2b/v1/collections/": { body: page([collection({ id: 21, title: "Git in practice" })]) },
      "POST /api/b2b/v1/plans/": {
        status: 201,
        body: {
          id: 40,
          title: "Git basics",
          deadline: "2030-06-30",
          skills: { git: { collections: [{ id: 21, title: "Git in practice", slug: "Git-in-practice" }], target_level: null } },
          teams: [],
          created_by: tessa,
          assignees_count: 1,
          completed_count: 0,
          overdue_count: 0,
          created_at: "2026-01-01T00:00:00.000Z",
        },
      },
    });
    const openDialog = async (user: ReturnType<typeof userEvent.setup>) => {
      await user.click(await screen.findByRole("button", { name: "Assign plan" }));
      return screen.findByRole("dialog", { name: "Assign an upskilling plan" });
    };

    it("starts with nobody chosen, and assigns only the one person chosen", async () => {
      const fetch = serve(planRoutes());
      const user = userEvent.setup();
      renderApp(<AppRoutes />, { path: "/peopleManagement/team/7", session: signedIn("teamleader", { id: 1 }) });
      const dialog = await openDialog(user);
      // Neither the team (its leader included) nor anyone else is chosen beforehand.
      expect(within(dialog).queryByRole("button", { name: "Engineering" })).not.toBeInTheDocument();
      expect(within(dialog).queryByRole("button", { name: "Tessa Lind" })).not.toBeInTheDocument();
      await user.type(within(dialog).getByRole("textbox", { name: /^Plan title/ }), "Git basics");
      await user.type(within(dialog).getByRole("textbox", { name: /^Skill/ }), "git");
      await user.click(within(dialog).getByRole("combobox", { name: /^Collections/ }));
      await user.click(await screen.findByRole("option", { name: "Git in practice" }));
      await user.type(within(dialog).getByRole("combobox", { name: "People" }), "Marco");
      await user.click(await screen.findByRole("option", { name: /Marco Bianchi/ }));
      await user.click(within(dialog).getByRole("button", { name: "Assign plan" }));
      await waitFor(() => expect(posts(fetch).filter(([url]) => url.endsWith("/plans/"))).toHaveLength(1));
      const [, body] = posts(fetch).find(([url]) => url.endsWith("/plans/"))!;
      expect(body).toMatchObject({ title: "Git basics", skills: { git: { collections: [21] } }, selectedAccount: [5], selectedTeam: [] });
    });

    it("closes at once when nothing was typed, and asks before throwing a filled form away", async () => {
      serve(planRoutes());
      const user = userEvent.setup();
      renderApp(<AppRoutes />, { path: "/peopleManagement/team/7", session: signedIn("teamleader", { id: 1 }) });
      await openDialog(user);
      await user.keyboard("{Escape}");
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

      const dialog = await openDialog(user);
      await user.type(within(dialog).getByRole("textbox", { name: /^Plan title/ }), "Git basics");
      await user.keyboard("{Escape}");
      const confirm = await screen.findByRole("dialog", { name: "Discard this plan?" });
      await user.click(within(confirm).getByRole("button", { name: "Keep editing" }));
      await waitFor(() => expect(screen.queryByRole("dialog", { name: "Discard this plan?" })).not.toBeInTheDocument());
      expect(within(screen.getByRole("dialog", { name: "Assign an upskilling plan" })).getByRole("textbox", { name: /^Plan title/ })).toHaveValue("Git basics");

      await user.keyboard("{Escape}");
      await user.click(within(await screen.findByRole("dialog", { name: "Discard this plan?" })).getByRole("button", { name: "Discard" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    });
  });

  it("keeps a team leader out of other teams", async () => {
    serve();
    renderApp(<AppRoutes />, { path: "/peopleManagement/team/8", session: signedIn("teamleader") });
    expect(await screen.findByRole("heading", { name: "You do not have access to this page" })).toBeInTheDocument();
  });
});

describe("/peopleManagement/skillboost", () => {
  it("shows the team's skills matrix as an accessible table", async () => {
    serve();
    renderApp(<AppRoutes />, { path: "/peopleManagement/skillboost", session: signedIn("teamleader", { id: 1 }) });
    const table = await screen.findByRole("table", { name: /Skills of team Engineering/ });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => [cell.textContent, cell.getAttribute("scope")]);
    expect(headers).toEqual([
      ["Person", "col"],
      ["git", "col"],
      ["typescript", "col"],
    ]);
    const marco = within(table).getByRole("rowheader", { name: /Marco Bianchi/ });
    expect(marco).toHaveAttribute("scope", "row");
    const cells = within(marco.closest("tr")!)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells).toEqual(["100%", "0%"]);
  });

  it("keeps skills named like object properties apart: a person without one is 'not assigned'", async () => {
    // Own keys, "__proto__" included, as JSON.parse makes them from the server's answer.
    const skills = (entries: [string, number][]) => Object.fromEntries(entries.map(([skill, done]) => [skill, { done, total: 1, percent: done * 100 }]));
    const plan = (entries: [string, number][]) => ({ ...memberPlan(0, 0), skills: skills(entries) });
    serve({
      "GET /api/b2b/v1/teams/7/progress/": {
        body: progressPage(
          [
            progressRow(5, "Marco Bianchi", "member@acme.test", [
              plan([
                ["__proto__", 0],
                ["constructor", 1],
              ]),
            ]),
            progressRow(1, "Tessa Lind", "teamleader@acme.test", [plan([["git", 0]])]),
          ],
          ["__proto__", "constructor", "git"],
        ),
      },
    });
    renderApp(<AppRoutes />, { path: "/peopleManagement/skillboost", session: signedIn("teamleader", { id: 1 }) });
    const table = await screen.findByRole("table", { name: /Skills of team Engineering/ });
    const cellsOf = (name: RegExp) =>
      within(within(table).getByRole("rowheader", { name }).closest("tr")!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    expect(cellsOf(/Marco Bianchi/)).toEqual(["0%", "100%", "—Not assigned"]);
    expect(cellsOf(/Tessa Lind/)).toEqual(["—Not assigned", "—Not assigned", "0%"]);
  });

  it("names its scroll area, shows the matrix busy while the next page loads, and a failed load with a retry", async () => {
    let fail = false;
    let hold: Promise<void> = Promise.resolve();
    let release = () => undefined as void;
    const rows = [progressRow(5, "Marco Bianchi", "member@acme.test", [memberPlan(1, 0)])];
    serve({
      "GET /api/b2b/v1/teams/7/progress/": ({ url }) => {
        if (fail) return { status: 500, body: { error: { code: "internal", message: "Internal error" } } };
        return {
          body: progressPage(
            url.searchParams.get("page") === "2" ? [progressRow(1, "Tessa Lind", "teamleader@acme.test", [memberPlan(0, 0)])] : rows,
            undefined,
            60,
          ),
        };
      },
    });
    const fetch = vi.mocked(globalThis.fetch);
    const answer = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => {
      if (String(input).includes("page=2")) await hold;
      return answer(input, init);
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/peopleManagement/skillboost", session: signedIn("teamleader", { id: 1 }) });
    const table = await screen.findByRole("table", { name: /Skills of team Engineering/ });
    // The matrix scrolls sideways inside its own labelled box (a phone is narrower than its skills).
    expect(table.closest("[role=group]")).toHaveAccessibleName(/skills/i);

    hold = new Promise((resolve) => (release = resolve));
    await user.click(screen.getByRole("button", { name: /next page/i }));
    await waitFor(() => expect(table).toHaveAttribute("aria-busy", "true"));
    expect(within(table).getByRole("rowheader", { name: /Marco Bianchi/ })).toBeInTheDocument();
    release();
    expect(await within(table).findByRole("rowheader", { name: /Tessa Lind/ })).toBeInTheDocument();
    expect(table).not.toHaveAttribute("aria-busy");

    fail = true;
    await user.click(screen.getByRole("button", { name: /next page/i }));
    expect(await screen.findByRole("button", { name: /try again/i })).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: /try again/i }));
    expect(await screen.findByRole("table", { name: /Skills of team Engineering/ })).toHaveTextContent("Marco Bianchi");
  });

  it("shows an empty state when no plans exist", async () => {
    serve({ "GET /api/b2b/v1/teams/7/progress/": { body: progressPage([progressRow(5, "Marco Bianchi", "member@acme.test", [])], []) } });
    renderApp(<AppRoutes />, { path: "/peopleManagement/skillboost", session: signedIn("teamleader", { id: 1 }) });
    expect(await screen.findByRole("heading", { name: "No upskilling plans for this team yet" })).toBeInTheDocument();
  });

  it("lets the L&D leader find a team by name and asks for that team's progress", async () => {
    const design = { id: 8, name: "Design", leader: null, members_count: 1, created_at: "2026-01-01T00:00:00.000Z" };
    const teams = { ...engineering, leader: tessa, members_count: 2, created_at: "2026-01-01T00:00:00.000Z" };
    const fetch = serve({
      "GET /api/b2b/v1/teams/8/": { body: design },
      "GET /api/b2b/v1/teams/8/progress/": { body: progressPage([progressRow(6, "Ana Ruiz", "ana@acme.test", [memberPlan(1, 1)])]) },
      // The teams list answers what was searched for.
      "GET /api/b2b/v1/teams/": ({ url }) => ({ body: page<unknown>(url.searchParams.get("search") === "des" ? [design] : [teams]) }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/peopleManagement/skillboost", session: signedIn("ldleader") });
    await screen.findByRole("table", { name: /Skills of team Engineering/ });
    const picker = screen.getByRole("combobox", { name: "Team" });
    expect(picker).toHaveValue("Engineering");
    const urls = () => fetch.mock.calls.map(([url]) => String(url));
    // Until one is chosen, the first team: one asked for, not every team of the company.
    expect(urls().filter((url) => url.startsWith("/api/b2b/v1/teams/?"))).toEqual(["/api/b2b/v1/teams/?page=1&page_size=1"]);
    expect(urls().some((url) => url.startsWith("/api/b2b/v1/teams/7/progress/"))).toBe(true);
    expect(urls().some((url) => url.includes("/plans/"))).toBe(false);

    await user.clear(picker);
    await user.type(picker, "des");
    await user.click(await screen.findByRole("option", { name: "Design" }));
    expect(await screen.findByRole("table", { name: /Skills of team Design/ })).toHaveTextContent("Ana Ruiz");
    expect(picker).toHaveValue("Design");
    expect(urls()).toContain("/api/b2b/v1/teams/?search=des&page=1&page_size=20");
  });
});
