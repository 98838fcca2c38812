import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { PersonSkillLevels } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { meFor, renderApp, serveFetch, signedIn } from "../../test/render";

// A person rates themself on their own skills page (Settings → My skills).
afterEach(() => vi.unstubAllGlobals());

const me = meFor("member", { id: 5 });
const mine = (skills: PersonSkillLevels["skills"]): PersonSkillLevels => ({
  account: { id: 5, display_name: "Demo member" },
  skills,
  abilities: { rate: true, rate_as: "self" },
});
const sql = {
  skill: "sql",
  level: 3,
  source: "manager" as const,
  self_level: 2,
  manager_level: 3,
  evidence_level: null,
  history: [
    {
      id: 2,
      level: 3,
      source: "manager" as const,
      rated_by: { id: 1, display_name: "Tessa Lind" },
      note: null,
      evidence: null,
      created_at: "2026-11-20T10:00:00.000Z",
    },
    {
      id: 1,
      level: 2,
      source: "self" as const,
      rated_by: { id: 5, display_name: "Demo member" },
      note: null,
      evidence: null,
      created_at: "2026-11-01T10:00:00.000Z",
    },
  ],
};

describe("Settings → My skills", () => {
  it("lists my levels with their source and my own rating beside, and rates a new skill as my own", async () => {
    const { sent } = serveFetch({
      "GET /api/b2b/v1/profile/acme.test": { body: me.company },
      "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
      "GET /api/b2b/v1/employees/5/skill-levels/": { body: mine([sql]) },
      "POST /api/b2b/v1/employees/5/skill-ratings/": { status: 201, body: mine([sql]) },
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#my-skills-heading", session: signedIn("member", { id: 5 }) });
    const table = await screen.findByRole("table", { name: "My skill levels" });
    const row = (await within(table).findByRole("rowheader", { name: "sql" })).closest("tr")!;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["3 · Intermediate", "Manager-rated", "Developing"]);

    const form = screen.getByRole("radiogroup", { name: "Level" }).closest("form")!;
    await user.type(within(form).getByRole("textbox", { name: /Skill/ }), "Python");
    await user.click(within(form).getByRole("radio", { name: "2 · Developing" }));
    expect(within(form).getByText(/Your own rating shows beside/)).toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "Save rating" }));
    await waitFor(() => expect(sent("POST /api/b2b/v1/employees/5/skill-ratings/")).toEqual([{ skill: "Python", level: 2 }]));
  });

  it("shows a refusal by its code, in the page's words", async () => {
    serveFetch({
      "GET /api/b2b/v1/profile/acme.test": { body: me.company },
      "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
      "GET /api/b2b/v1/employees/5/skill-levels/": { body: mine([]) },
      "POST /api/b2b/v1/employees/5/skill-ratings/": { status: 400, body: { error: { code: "validation_error", message: "Invalid" } } },
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#my-skills-heading", session: signedIn("member", { id: 5 }) });
    expect(await screen.findByText("No skills rated yet.")).toBeInTheDocument();
    const form = screen.getByRole("radiogroup", { name: "Level" }).closest("form")!;
    await user.type(within(form).getByRole("textbox", { name: /Skill/ }), "x");
    await user.click(within(form).getByRole("radio", { name: "5 · Expert" }));
    await user.click(within(form).getByRole("button", { name: "Save rating" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("Some of the information is not valid");
  });
});
