import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { ItemPlanSkills as Answer } from "@learnward/contracts";
import { renderApp, reply, serveFetch, signedIn } from "../../../test/render";
import { ItemPlanSkills } from "./ItemPlanSkills";

// An item of my library counted towards a skill of one of my plans, from the item's page.

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage("en");
});

const sprint = { id: 3, title: "SQL sprint", deadline: "2099-01-31" };
const data = { id: 4, title: "Data literacy", deadline: "2099-03-31" };

function serve(initial: Answer) {
  let state: Answer = initial;
  return serveFetch({
    "GET /api/contentuser/7/plan-skills": () => reply(Answer, state),
    "PUT /api/contentuser/7/plan-skills": ({ body }) => {
      const { plan_id, skill } = body as { plan_id: number; skill: string };
      state = { ...state, attached: [{ plan: [sprint, data].find((p) => p.id === plan_id)!, skill }] };
      return reply(Answer, state);
    },
    "DELETE /api/contentuser/7/plan-skills/3": () => {
      state = { ...state, attached: [] };
      return reply(Answer, state);
    },
  });
}

describe("ItemPlanSkills", () => {
  it("counts the item towards the skill chosen in one of my open plans, and stops counting it", async () => {
    const { calls } = serve({
      attached: [],
      options: [
        { plan: sprint, skills: ["sql"] },
        { plan: data, skills: ["excel", "statistics"] },
      ],
    });
    const user = userEvent.setup();
    renderApp(<ItemPlanSkills itemId={7} />, { path: "/home", session: signedIn("member") });

    expect(await screen.findByText("This item does not count towards any of your plans yet.")).toBeInTheDocument();
    const form = screen.getByRole("form", { name: "Count this item towards a plan" });
    expect(within(form).getByRole("button", { name: "Count towards plan" })).toBeDisabled();
    await user.click(within(form).getByRole("combobox", { name: "Plan" }));
    await user.click(await screen.findByRole("option", { name: "SQL sprint" }));
    // A plan with one skill has it chosen already.
    expect(within(form).getByRole("combobox", { name: "Skill" })).toHaveTextContent("sql");
    await user.click(within(form).getByRole("button", { name: "Count towards plan" }));

    expect(await screen.findByText("SQL sprint · sql")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Stop counting towards SQL sprint" }));
    expect(await screen.findByText("This item does not count towards any of your plans yet.")).toBeInTheDocument();
    expect(calls().filter((c) => c.call !== "GET /api/contentuser/7/plan-skills")).toEqual([
      { call: "PUT /api/contentuser/7/plan-skills", body: { plan_id: 3, skill: "sql" } },
      { call: "DELETE /api/contentuser/7/plan-skills/3", body: undefined },
    ]);
  });

  it("says why a plan refused the item, in Spanish too", async () => {
    await i18next.changeLanguage("es");
    serveFetch({
      "GET /api/contentuser/7/plan-skills": () => reply(Answer, { attached: [], options: [{ plan: sprint, skills: ["sql"] }] }),
      "PUT /api/contentuser/7/plan-skills": { status: 409, body: { error: { code: "plan_not_open", message: "This plan is completed" } } },
    });
    const user = userEvent.setup();
    renderApp(<ItemPlanSkills itemId={7} />, { path: "/home", session: signedIn("member") });
    const form = await screen.findByRole("form", { name: "Contar este elemento para un plan" });
    await user.click(within(form).getByRole("combobox", { name: "Plan" }));
    await user.click(await screen.findByRole("option", { name: "SQL sprint" }));
    await user.click(within(form).getByRole("button", { name: "Contar para el plan" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Ese plan está terminado o rechazado");
  });

  it("explains what the section is for when I hold no open plan", async () => {
    serve({ attached: [], options: [] });
    renderApp(<ItemPlanSkills itemId={7} />, { path: "/home", session: signedIn("member") });
    expect(await screen.findByText(/When you hold an upskilling plan/)).toBeInTheDocument();
    expect(screen.queryByRole("form")).toBeNull();
  });
});
