import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { PersonSkillLevels, SkillLevel } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { meFor, renderApp, serveFetch, signedIn } from "../../test/render";

// The skills matrix's levels: level and source in each cell, the history and the rating control a click away.
afterEach(() => vi.unstubAllGlobals());

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const engineering = { id: 7, name: "Engineering" };
const tessa = { id: 1, display_name: "Tessa Lind", email: "teamleader@acme.test" };
const gitPlan = {
  plan: { id: 11, title: "Q4 upskilling", deadline: "2027-01-31" },
  status: "active",
  overdue: false,
  progress: { done: 1, total: 2, percent: 50 },
  skills: { git: { done: 1, total: 2, percent: 50 } } as Record<string, { done: number; total: number; percent: number }>,
};
const progress = page([
  { account: { id: 5, display_name: "Marco Bianchi", email: "member@acme.test" }, plans: [gitPlan] },
  { account: { id: 1, display_name: "Tessa Lind", email: "teamleader@acme.test" }, plans: [] },
]);
const gitLevel: SkillLevel = {
  skill: "git",
  level: 3,
  source: "evidence",
  self_level: 2,
  manager_level: null,
  evidence_level: 3,
  history: [
    {
      id: 2,
      level: 3,
      source: "evidence",
      rated_by: null,
      note: null,
      evidence: { kind: "path", id: 4, title: "Git in practice" },
      created_at: "2026-11-20T10:00:00.000Z",
    },
    {
      id: 1,
      level: 2,
      source: "self",
      rated_by: { id: 5, display_name: "Marco Bianchi" },
      note: "Daily use",
      created_at: "2026-11-01T10:00:00.000Z",
      evidence: null,
    },
  ],
};
const marco = (skills: SkillLevel[]): PersonSkillLevels => ({
  account: { id: 5, display_name: "Marco Bianchi" },
  skills,
  abilities: { rate: true, rate_as: "manager" },
});
const tessaLevels: PersonSkillLevels = { account: { id: 1, display_name: "Tessa Lind" }, skills: [], abilities: { rate: true, rate_as: "self" } };

function serve(levels = page([marco([gitLevel]), tessaLevels])) {
  return serveFetch({
    "GET /api/b2b/v1/profile/acme.test": { body: meFor("teamleader").company },
    "GET /api/b2b/v1/onboarding/": { body: page([]) },
    "GET /api/b2b/v1/teams/7/": { body: { ...engineering, leader: tessa, members_count: 2, created_at: "2026-01-01T00:00:00.000Z" } },
    "GET /api/b2b/v1/teams/7/progress/": { body: { ...progress, skills: ["git"] } },
    "GET /api/b2b/v1/teams/7/skill-levels/": { body: levels },
    "POST /api/b2b/v1/employees/5/skill-ratings/": ({ body }) => {
      const rated = body as { skill: string; level: number };
      return { status: 201, body: marco([gitLevel, { ...gitLevel, skill: rated.skill, level: rated.level, source: "manager", manager_level: rated.level }]) };
    },
  });
}

const open = () => renderApp(<AppRoutes />, { path: "/peopleManagement/skillboost", session: signedIn("teamleader", { id: 1 }) });

describe("/peopleManagement/skillboost: skill levels", () => {
  it("shows each person's level and its source beside the progress, with a column for a skill rated outside plans", async () => {
    serve(page([marco([gitLevel, { ...gitLevel, skill: "sql", level: 4, source: "manager", history: [] }]), tessaLevels]));
    open();
    const table = await screen.findByRole("table", { name: /Skills of team Engineering/ });
    await within(table).findByRole("button", { name: /Marco Bianchi, git: 3 · Intermediate, Evidence/ });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Person", "git", "sql"]);
    const row = within(table)
      .getByRole("rowheader", { name: /Marco Bianchi/ })
      .closest("tr")!;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["50%3 · IntermediateEvidence", "4 · AdvancedManager-rated"]);
    // Tessa has no levels yet: the leader (rating themself here) is offered to rate.
    const tessaRow = within(table)
      .getByRole("rowheader", { name: /Tessa Lind/ })
      .closest("tr")!;
    expect(within(tessaRow).getByRole("button", { name: "Rate Tessa Lind in git" })).toBeInTheDocument();
  });

  it("opens the history from the keyboard and rates with the named scale", async () => {
    const { sent } = serve();
    const user = userEvent.setup();
    open();
    const cell = await screen.findByRole("button", { name: /Marco Bianchi, git: 3 · Intermediate, Evidence\. Show history/ });
    cell.focus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "git: Marco Bianchi" });
    expect(within(dialog).getByText("3 · Intermediate (Evidence)")).toBeInTheDocument();
    expect(within(dialog).getByText("Own rating: Developing")).toBeInTheDocument();
    const history = within(dialog)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(history[0]).toContain("3 · Intermediate · Evidence from Git in practice (learning path)");
    expect(history[1]).toContain("2 · Developing · Self-rated by Marco Bianchi");
    expect(history[1]).toContain("Daily use");

    const scale = within(dialog).getByRole("radiogroup", { name: "Level" });
    expect(
      within(scale)
        .getAllByRole("radio")
        .map((r) => r.closest("label")!.textContent),
    ).toEqual(["1 · Beginner", "2 · Developing", "3 · Intermediate", "4 · Advanced", "5 · Expert"]);
    await user.click(within(scale).getByRole("radio", { name: "4 · Advanced" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Note (optional)" }), "Leads the migration");
    await user.click(within(dialog).getByRole("button", { name: "Save rating" }));
    await waitFor(() => expect(sent("POST /api/b2b/v1/employees/5/skill-ratings/")).toEqual([{ skill: "git", level: 4, note: "Leads the migration" }]));
    expect(within(dialog).getByText("Your rating counts as the manager's.")).toBeInTheDocument();
  });

  it("keeps the progress matrix when the levels cannot be read", async () => {
    serveFetch({
      "GET /api/b2b/v1/profile/acme.test": { body: meFor("teamleader").company },
      "GET /api/b2b/v1/onboarding/": { body: page([]) },
      "GET /api/b2b/v1/teams/7/progress/": { body: { ...progress, skills: ["git"] } },
      "GET /api/b2b/v1/teams/7/skill-levels/": { status: 500, body: { error: { code: "internal_error", message: "Internal error" } } },
    });
    open();
    const table = await screen.findByRole("table", { name: /Skills of team Engineering/ });
    const row = within(table)
      .getByRole("rowheader", { name: /Marco Bianchi/ })
      .closest("tr")!;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["50%"]);
  });

  it("shows hr, who rates people and keeps no plans, the levels of the team they choose, and rates from there", async () => {
    const { sent } = serveFetch({
      "GET /api/b2b/v1/profile/acme.test": { body: meFor("hr").company },
      "GET /api/b2b/v1/onboarding/": { body: page([]) },
      "GET /api/b2b/v1/teams/": { body: page([{ ...engineering, leader: tessa, members_count: 2, created_at: "2026-01-01T00:00:00.000Z" }]) },
      "GET /api/b2b/v1/teams/7/": { body: { ...engineering, leader: tessa, members_count: 2, created_at: "2026-01-01T00:00:00.000Z" } },
      "GET /api/b2b/v1/teams/7/skill-levels/": { body: page([marco([gitLevel]), { ...tessaLevels, abilities: { rate: true, rate_as: "manager" } }]) },
      "POST /api/b2b/v1/employees/1/skill-ratings/": { status: 201, body: tessaLevels },
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/peopleManagement/skillboost", session: signedIn("hr") });
    const table = await screen.findByRole("table", { name: /Skill levels of team Engineering/ });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Person", "git"]);
    expect(within(table).getByRole("button", { name: /Marco Bianchi, git: 3 · Intermediate, Evidence/ })).toBeInTheDocument();
    // No plan progress is asked for: hr's matrix is the levels alone.
    expect(sent("GET /api/b2b/v1/teams/7/progress/")).toEqual([]);
    await user.click(within(table).getByRole("button", { name: "Rate Tessa Lind in git" }));
    const dialog = await screen.findByRole("dialog", { name: "git: Tessa Lind" });
    await user.click(within(dialog).getByRole("radio", { name: "2 · Developing" }));
    await user.click(within(dialog).getByRole("button", { name: "Save rating" }));
    await waitFor(() => expect(sent("POST /api/b2b/v1/employees/1/skill-ratings/")).toEqual([{ skill: "git", level: 2 }]));
  });

  it("tells hr where levels come from while a team has none", async () => {
    serveFetch({
      "GET /api/b2b/v1/profile/acme.test": { body: meFor("hr").company },
      "GET /api/b2b/v1/onboarding/": { body: page([]) },
      "GET /api/b2b/v1/teams/": { body: page([{ ...engineering, leader: tessa, members_count: 2, created_at: "2026-01-01T00:00:00.000Z" }]) },
      "GET /api/b2b/v1/teams/7/": { body: { ...engineering, leader: tessa, members_count: 2, created_at: "2026-01-01T00:00:00.000Z" } },
      "GET /api/b2b/v1/teams/7/skill-levels/": { body: page([tessaLevels]) },
    });
    renderApp(<AppRoutes />, { path: "/peopleManagement/skillboost", session: signedIn("hr") });
    expect(await screen.findByRole("heading", { name: "No skill levels in this team yet" })).toBeInTheDocument();
    expect(screen.getByText(/completed learning paths and plans/)).toBeInTheDocument();
  });
});
