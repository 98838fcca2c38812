import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { PersonSkillLevels } from "@learnward/contracts";
import { renderApp, serveFetch, signedIn } from "../../test/render";
import { PersonSkillsDialog } from "./PersonSkillsDialog";

// hr opens a person's skills from the employees list and rates them as their manager.
afterEach(() => vi.unstubAllGlobals());

const marco = (abilities: PersonSkillLevels["abilities"]): PersonSkillLevels => ({
  account: { id: 5, display_name: "Marco Bianchi" },
  skills: [{ skill: "sql", level: 2, source: "self", self_level: 2, manager_level: null, evidence_level: null, history: [] }],
  abilities,
});

describe("a person's skills dialog", () => {
  it("rates as the manager when the server says the reader may", async () => {
    const { sent } = serveFetch({
      "GET /api/b2b/v1/employees/5/skill-levels/": { body: marco({ rate: true, rate_as: "manager" }) },
      "POST /api/b2b/v1/employees/5/skill-ratings/": { status: 201, body: marco({ rate: true, rate_as: "manager" }) },
    });
    const user = userEvent.setup();
    renderApp(<PersonSkillsDialog accountId={5} name="Marco Bianchi" onClose={() => undefined} />, { session: signedIn("hr") });
    const dialog = await screen.findByRole("dialog", { name: "Skills of Marco Bianchi" });
    const table = await within(dialog).findByRole("table", { name: "Skill levels of Marco Bianchi" });
    expect(
      within(within(table).getByRole("rowheader", { name: "sql" }).closest("tr")!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["2 · Developing", "Self-rated", "Developing"]);
    expect(within(dialog).getByText("Your rating counts as the manager's.")).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: /Skill/ }), "sql");
    await user.click(within(dialog).getByRole("radio", { name: "3 · Intermediate" }));
    await user.click(within(dialog).getByRole("button", { name: "Save rating" }));
    await waitFor(() => expect(sent("POST /api/b2b/v1/employees/5/skill-ratings/")).toEqual([{ skill: "sql", level: 3 }]));
  });

  it("offers no rating control when the server says the reader may not rate", async () => {
    serveFetch({ "GET /api/b2b/v1/employees/5/skill-levels/": { body: marco({ rate: false, rate_as: null }) } });
    renderApp(<PersonSkillsDialog accountId={5} name="Marco Bianchi" onClose={() => undefined} />, { session: signedIn("ldleader") });
    const dialog = await screen.findByRole("dialog", { name: "Skills of Marco Bianchi" });
    await within(dialog).findByRole("table", { name: "Skill levels of Marco Bianchi" });
    expect(within(dialog).queryByRole("button", { name: "Save rating" })).not.toBeInTheDocument();
  });
});
