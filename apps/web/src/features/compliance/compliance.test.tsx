import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ComplianceAssignment, ComplianceRequirement, MyComplianceResponse } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { renderApp, reply, signedIn } from "../../test/render";
import { collection, fakeServer } from "../network/testing";
import { ComplianceByTeam } from "./ComplianceByTeam";

// Required learning paths on the web: the L&D leader's "Required for" on a path's page, the paths
// required of me atop My tasks, and the per-team table of insights.
afterEach(() => vi.unstubAllGlobals());

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const requirement = reply(ComplianceRequirement, {
  id: 3,
  collection_id: 5,
  collection_title: "SQL joins and windows",
  team_ids: [7],
  teams: [{ id: 7, name: "Engineering" }],
  roles: ["hr"],
  due_days: 30,
  every_months: null,
  created_at: "2026-11-01T00:00:00.000Z",
});

describe("Required for, on a published path's page", () => {
  it("lists who the path is required of and requires it of a team and a role, yearly", async () => {
    const server = fakeServer({
      "GET /api/b2b/v1/collections/5/": () => ({ body: collection() }),
      "GET /api/b2b/v1/compliance-requirements": () => ({ body: page([requirement.body]) }),
      "GET /api/b2b/v1/teams/": () => ({ body: page([{ id: 8, name: "Sales", leader: null, members_count: 4, created_at: "2026-01-01T00:00:00.000Z" }]) }),
      "POST /api/b2b/v1/compliance-requirements": () => ({ status: 201, body: requirement.body }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/collaborative-network/collections/5/SQL-joins-and-windows", session: signedIn("ldleader") });
    const form = await screen.findByRole("region", { name: "Required for" });
    expect(await within(form).findByText("Engineering, HR: within 30 days")).toBeInTheDocument();

    await user.click(within(form).getByRole("button", { name: "Require this path" }));
    expect(within(form).getByRole("alert")).toHaveTextContent("Choose at least one team or role");
    expect(server.sent("POST /api/b2b/v1/compliance-requirements")).toEqual([]);

    await user.click(within(form).getByRole("combobox", { name: "Teams" }));
    await user.click(await screen.findByRole("option", { name: "Sales" }));
    await user.click(within(form).getByRole("checkbox", { name: "Team leader" }));
    await user.clear(within(form).getByRole("spinbutton", { name: "Days to complete" }));
    await user.type(within(form).getByRole("spinbutton", { name: "Days to complete" }), "14");
    await user.selectOptions(within(form).getByRole("combobox", { name: "Recurrence" }), "Every N months");
    await user.click(within(form).getByRole("button", { name: "Require this path" }));
    await waitFor(() =>
      expect(server.sent("POST /api/b2b/v1/compliance-requirements")).toEqual([
        { collection_id: 5, team_ids: [8], roles: ["teamleader"], due_days: 14, every_months: 12 },
      ]),
    );
  });

  it("is not offered to a learner", async () => {
    fakeServer({ "GET /api/b2b/v1/collections/5/": () => ({ body: collection() }) });
    renderApp(<AppRoutes />, { path: "/collaborative-network/collections/5/SQL-joins-and-windows", session: signedIn("member") });
    await screen.findByRole("heading", { level: 1, name: "SQL joins and windows" });
    expect(screen.queryByRole("region", { name: "Required for" })).not.toBeInTheDocument();
  });
});

describe("the paths required of me", () => {
  it("shows each with its due day and my standing atop My tasks", async () => {
    fakeServer({
      "GET /api/b2b/v1/my-tasks/": () => ({ body: page([]) }),
      "GET /api/b2b/v1/my-compliance": () => ({
        body: {
          results: [
            {
              requirement_id: 3,
              collection_id: 5,
              collection_title: "Fire safety",
              due_on: "2026-12-24",
              completed_at: null,
              expires_on: null,
              certificate_code: null,
              status: "overdue",
              abilities: { start_again: false },
            },
          ],
        },
      }),
    });
    renderApp(<AppRoutes />, { path: "/collaborative-network/myTasks", session: signedIn("member") });
    const list = await screen.findByRole("list", { name: "Learning paths required of me" });
    const entry = within(list).getByRole("listitem");
    expect(within(entry).getByRole("link", { name: "Fire safety" })).toHaveAttribute("href", "/collaborative-network/collections/5/Fire-safety");
    expect(within(entry).getByText("Due Dec 24, 2026")).toBeInTheDocument();
    expect(within(entry).getByText("Overdue")).toBeInTheDocument();
    expect(within(entry).queryByRole("button", { name: /Start again/ })).not.toBeInTheDocument();
  });

  it("offers to start an expired path again, then opens the path with its items to do", async () => {
    const assignment = {
      requirement_id: 3,
      collection_id: 5,
      collection_title: "SQL joins and windows",
      due_on: "2025-11-24",
      completed_at: "2025-11-20T10:00:00.000Z",
      expires_on: "2026-11-20",
      certificate_code: "ABCDEFGHJKMN",
      status: "expired" as const,
      abilities: { start_again: true },
    };
    const server = fakeServer({
      "GET /api/b2b/v1/my-tasks/": () => ({ body: page([]) }),
      "GET /api/b2b/v1/my-compliance": () => reply(MyComplianceResponse, { results: [assignment] }),
      "POST /api/b2b/v1/my-compliance/3/start-again": () => reply(ComplianceAssignment, assignment),
      "GET /api/b2b/v1/collections/5/": () => ({ body: collection() }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/collaborative-network/myTasks", session: signedIn("member") });
    const list = await screen.findByRole("list", { name: "Learning paths required of me" });
    const entry = within(list).getByRole("listitem");
    expect(within(entry).getByText("Expired")).toBeInTheDocument();
    const button = within(entry).getByRole("button", { name: "Start again: SQL joins and windows" });
    await user.tab();
    while (document.activeElement !== button && document.activeElement !== document.body) await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { level: 1, name: "SQL joins and windows" })).toBeInTheDocument();
    expect(server.sent("POST /api/b2b/v1/my-compliance/3/start-again")).toHaveLength(1);
  });
});

describe("compliance by team", () => {
  it("shows each team's counts and links the auditors' CSV", async () => {
    fakeServer({
      "GET /api/b2b/v1/insights/compliance": () => ({
        body: {
          results: [
            { team_id: 7, team_name: "Engineering", on_time: 3, due: 2, overdue: 1, expired: 0 },
            { team_id: null, team_name: null, on_time: 0, due: 1, overdue: 0, expired: 0 },
          ],
        },
      }),
    });
    renderApp(<ComplianceByTeam />, { session: signedIn("hr") });
    const table = await screen.findByRole("table", { name: "Compliance by team" });
    const row = within(table).getByRole("rowheader", { name: "Engineering" }).closest("tr")!;
    expect([...row.querySelectorAll("td")].map((cell) => cell.textContent)).toEqual(["3", "2", "1", "0"]);
    expect(within(table).getByRole("rowheader", { name: "No team" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download CSV of Compliance by team" })).toHaveAttribute("href", "/api/b2b/v1/insights/compliance.csv");
  });
});
