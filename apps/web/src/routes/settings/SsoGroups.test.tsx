import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SsoGroupMappings } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { renderApp, reply, signedIn, type StubRoutes } from "../../test/render";
import { serveSettings } from "./testing";

// hr maps identity provider groups to the role and team of people single sign-on creates.
const GROUPS = "/api/b2b/v1/company/sso/group-mappings/";
const HEADING = "Groups from your identity provider";
const team = (id: number, name: string) => ({ id, name, leader: null, members_count: 0, created_at: "2026-11-01T00:00:00Z" });
const saved = {
  groups_claim: "groups",
  rules: [
    { group: "learnward-hr", role: "hr" as const, team_id: null },
    { group: "engineers", role: "teamleader" as const, team_id: 7 },
  ],
  updated_at: "2026-11-26T10:00:00Z",
};

afterEach(() => vi.unstubAllGlobals());

function serve(overrides: Partial<StubRoutes> = {}) {
  return serveSettings({
    "GET /api/b2b/v1/teams/": { body: { count: 2, next: null, previous: null, results: [team(7, "Engineering"), team(8, "Sales")] } },
    [`GET ${GROUPS}`]: reply(SsoGroupMappings, saved),
    ...overrides,
  });
}

const card = async () => within((await screen.findByRole("heading", { name: HEADING })).closest("section")!);

describe("/setting → Groups from your identity provider", () => {
  it("is not offered to anyone else", async () => {
    const { calls } = serve();
    renderApp(<AppRoutes />, { path: "/setting#sso-groups-heading", session: signedIn("ldleader") });
    expect(await screen.findByRole("heading", { name: "Personal Profile" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: HEADING })).not.toBeInTheDocument();
    expect(calls().map((c) => c.call)).not.toContain(`GET ${GROUPS}`);
  });

  it("is reached from the settings menu", async () => {
    serve();
    renderApp(<AppRoutes />, { path: "/setting#sso-groups-heading", session: signedIn("hr") });
    const link = await screen.findByRole("link", { name: "Identity provider groups" });
    expect(link).toHaveAttribute("href", `/setting#${(await screen.findByRole("heading", { name: HEADING })).id}`);
  });

  it("adds, reorders and removes rules, and saves them in order", { timeout: 40_000 }, async () => {
    const { sent } = serve({ [`PUT ${GROUPS}`]: ({ body }) => reply(SsoGroupMappings, { ...(body as typeof saved), updated_at: "2026-11-26T11:00:00Z" }) });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#sso-groups-heading", session: signedIn("hr") });
    const section = await card();
    expect(await section.findByLabelText(/^Group of rule 1/)).toHaveValue("learnward-hr");
    expect(section.getByLabelText(/^Group of rule 2/)).toHaveValue("engineers");
    expect(section.getByLabelText(/^Team of rule 2/)).toHaveTextContent("Engineering");

    // A new rule, by keyboard-reachable buttons and labelled fields.
    await user.click(section.getByRole("button", { name: "Add a rule" }));
    await user.type(section.getByLabelText(/^Group of rule 3/), "sales-team");
    await user.click(section.getByLabelText(/^Team of rule 3/));
    await user.click(await screen.findByRole("option", { name: "Sales" }));
    // It goes first; the hr rule goes.
    await user.click(section.getByRole("button", { name: "Move rule 3 up" }));
    await user.click(section.getByRole("button", { name: "Move rule 2 up" }));
    await user.click(section.getByRole("button", { name: "Remove rule 2" }));
    await user.click(section.getByRole("button", { name: "Save group rules" }));
    expect(await screen.findByText("Group rules saved")).toBeInTheDocument();
    expect(sent(`PUT ${GROUPS}`).at(-1)).toEqual({
      groups_claim: "groups",
      rules: [
        { group: "sales-team", role: "member", team_id: 8 },
        { group: "engineers", role: "teamleader", team_id: 7 },
      ],
    });
  });

  it("asks for a group before saving, and shows the server's refusal", async () => {
    const { sent } = serve({ [`PUT ${GROUPS}`]: { status: 404, body: { error: { code: "not_found", message: "Team not found" } } } });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#sso-groups-heading", session: signedIn("hr") });
    const section = await card();
    await user.click(await section.findByRole("button", { name: "Add a rule" }));
    await user.click(section.getByRole("button", { name: "Save group rules" }));
    expect(section.getByLabelText(/^Group of rule 3/)).toHaveAttribute("aria-invalid", "true");
    expect(sent(`PUT ${GROUPS}`)).toEqual([]);
    await user.click(section.getByRole("button", { name: "Remove rule 3" }));
    await user.click(section.getByRole("button", { name: "Save group rules" }));
    expect(await section.findByRole("alert")).toBeInTheDocument();
  });
});
