import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppRoutes } from "../../app/router";
import { renderApp, signedIn } from "../../test/render";
import { fakeServer, page } from "../../features/network/testing";
import type { MyTask, Plan } from "../../features/network/types";

afterEach(() => vi.unstubAllGlobals());

const plan: Plan = {
  id: 40,
  title: "SQL for analysts",
  deadline: "2020-03-31",
  skills: { sql: { collections: [{ id: 5, title: "SQL joins and windows", slug: "SQL-joins-and-windows" }], target_level: null } },
  teams: [{ id: 7, name: "Engineering" }],
  created_by: { id: 2, display_name: "Tessa Lind" },
  assignees_count: 1,
  completed_count: 0,
  overdue_count: 1,
  created_at: "2020-01-01T00:00:00.000Z",
};
const { assignees_count: _a, completed_count: _c, overdue_count: _o, ...taskPlan } = plan;
const task: MyTask = { plan: taskPlan, status: "pending", overdue: true, progress: { done: 1, total: 2, percent: 50 } };

describe("/collaborative-network/myTasks", () => {
  it("shows my plans with status, deadline, overdue badge, progress and links, and starts one", async () => {
    let current = task;
    const server = fakeServer({
      "GET /api/b2b/v1/my-tasks/": () => ({ body: page([current]) }),
      "POST /api/b2b/v1/my-tasks/40/accept/": () => {
        current = { ...current, status: "active" };
        return { body: current };
      },
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/collaborative-network/myTasks", session: signedIn("member") });
    const card = (await screen.findByRole("heading", { name: "SQL for analysts" })).closest("article")!;
    expect(within(card).getByText("Pending")).toBeInTheDocument();
    expect(within(card).getByText("Overdue")).toBeInTheDocument();
    expect(within(card).getByText(/Due Mar 31, 2020/)).toBeInTheDocument();
    expect(within(card).getByText("1 of 2 done")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "SQL joins and windows" })).toHaveAttribute(
      "href",
      "/collaborative-network/collections/5/SQL-joins-and-windows",
    );
    // Members have no plans to manage.
    expect(screen.queryByRole("tab", { name: "Plans I manage" })).not.toBeInTheDocument();

    await user.click(within(card).getByRole("button", { name: "Start SQL for analysts" }));
    expect(await within(card).findByText("Active")).toBeInTheDocument();
    expect(server.sent("POST /api/b2b/v1/my-tasks/40/accept/")).toEqual([{}]);
  });

  it("shows planners the plans they manage, each with its assignees a page at a time", async () => {
    const assignee = (id: number, name: string, status: "completed" | "pending", done: number) => ({
      account: { id, display_name: name, email: `${name.split(" ")[0]!.toLowerCase()}@acme.test`, team: { id: 7, name: "Engineering" } },
      via_team: true,
      status,
      overdue: false,
      progress: { done, total: 2, percent: done * 50 },
      skills: { sql: { done, total: 2, percent: done * 50 } },
    });
    const server = fakeServer({
      "GET /api/b2b/v1/my-tasks/": () => ({ body: page([]) }),
      "GET /api/b2b/v1/plans/": () => ({ body: page([plan]) }),
      // 21 people: the first page names Marco, the second Nadia.
      "GET /api/b2b/v1/plans/40/assignees/": ({ url }) => ({
        body: {
          ...page([url.searchParams.get("page") === "2" ? assignee(4, "Nadia Roy", "pending", 0) : assignee(3, "Marco Bianchi", "completed", 2)]),
          count: 21,
        },
      }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/collaborative-network/myTasks", session: signedIn("teamleader") });
    await user.click(await screen.findByRole("tab", { name: "Plans I manage" }));
    await user.click(await screen.findByRole("button", { name: /SQL for analysts/ }));
    const table = await screen.findByRole("table", { name: "Assignees of SQL for analysts" });
    const row = within(table).getByRole("row", { name: /Marco Bianchi/ });
    expect(within(row).getByText("Completed")).toBeInTheDocument();
    expect(within(row).getByText("100% (2 of 2)")).toBeInTheDocument();
    expect(screen.getByText("1–20 of 21")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Go to the next page" }));
    expect(await within(table).findByRole("row", { name: /Nadia Roy/ })).toBeInTheDocument();
    expect(within(table).queryByRole("row", { name: /Marco Bianchi/ })).not.toBeInTheDocument();
    const asked = server.fetch.mock.calls
      .map(([input]) => new URL(String(input), "http://localhost"))
      .filter((url) => url.pathname === "/api/b2b/v1/plans/40/assignees/")
      .map((url) => url.searchParams.get("page"));
    expect(asked).toEqual(["1", "2"]);
    expect(screen.getByRole("button", { name: "New plan" })).toBeInTheDocument();
  });
});
