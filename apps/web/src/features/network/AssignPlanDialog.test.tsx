import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderApp, signedIn } from "../../test/render";
import { AssignPlanDialog } from "./AssignPlanDialog";
import { todayIsoDate } from "./format";
import { fakeServer, page } from "./testing";

afterEach(() => vi.unstubAllGlobals());

const team = { id: 7, name: "Engineering", leader: null, members_count: 2, created_at: "2026-01-01T00:00:00.000Z" };
const marco = {
  id: 3,
  uid: "uid-member",
  display_name: "Marco Bianchi",
  email: "member@acme.test",
  username: "member",
  photo_url: null,
  role: "member",
  status: "active",
  team: { id: 7, name: "Engineering" },
  created_at: "2026-01-01T00:00:00.000Z",
};
const plan = {
  id: 40,
  title: "SQL for analysts",
  deadline: "2030-06-30",
  skills: { sql: { collections: [{ id: 5, title: "SQL joins and windows", slug: "SQL-joins-and-windows" }], target_level: null } },
  teams: [{ id: 7, name: "Engineering" }],
  created_by: { id: 2, display_name: "Tessa Lind" },
  assignees_count: 2,
  completed_count: 0,
  overdue_count: 0,
  created_at: "2026-01-01T00:00:00.000Z",
};

function serve(create: { status?: number; body?: unknown } = { status: 201, body: plan }) {
  return fakeServer({
    "GET /api/b2b/v1/teams/": () => ({ body: page([team]) }),
    "GET /api/b2b/v1/employees/": () => ({ body: page([marco]) }),
    "GET /api/b2b/v1/collections/": () => ({ body: page([]) }),
    "POST /api/b2b/v1/plans/": () => create,
  });
}

function open(props: Partial<Parameters<typeof AssignPlanDialog>[0]> = {}) {
  const onClose = vi.fn();
  renderApp(<AssignPlanDialog open onClose={onClose} {...props} />, { session: signedIn("teamleader") });
  return { onClose };
}

describe("AssignPlanDialog", () => {
  it("checks the plan before sending it", async () => {
    const server = serve();
    const user = userEvent.setup();
    open();
    const dialog = await screen.findByRole("dialog", { name: "Assign an upskilling plan" });
    // spec §3: the deadline is an ISO date and defaults to today.
    expect(within(dialog).getByLabelText(/^Deadline/)).toHaveValue(todayIsoDate());

    await user.click(within(dialog).getByRole("button", { name: "Assign plan" }));
    expect(await within(dialog).findByText("Choose at least one person or team")).toBeInTheDocument();
    expect(within(dialog).getAllByText("Required")).toHaveLength(2); // the title and the skill
    expect(within(dialog).getByText("Choose at least one collection for this skill")).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(/^Deadline/), { target: { value: "2001-01-01" } });
    await user.click(within(dialog).getByRole("button", { name: "Assign plan" }));
    expect(await within(dialog).findByText("The deadline cannot be in the past")).toBeInTheDocument();

    expect(server.sent("POST /api/b2b/v1/plans/")).toEqual([]);
  });

  it("keys skills by their lowercase name, once each", async () => {
    const server = serve();
    const user = userEvent.setup();
    open();
    const dialog = await screen.findByRole("dialog", { name: "Assign an upskilling plan" });
    await user.click(within(dialog).getByRole("button", { name: "Add a skill" }));
    const skills = within(dialog).getAllByRole("textbox", { name: /^Skill/ });
    await user.type(skills[0]!, "sql");
    await user.type(skills[1]!, "SQL");
    expect(skills[1]).toHaveValue("sql");
    await user.click(within(dialog).getByRole("button", { name: "Assign plan" }));
    expect(await within(dialog).findByText("This skill is already in the plan")).toBeInTheDocument();
    expect(server.sent("POST /api/b2b/v1/plans/")).toEqual([]);
  });

  it("sends {title, deadline, skills: {sql: {collections}}, selectedAccount, selectedTeam}", async () => {
    const server = serve();
    const user = userEvent.setup();
    const { onClose } = open({ collection: { id: 5, title: "SQL joins and windows", skills: ["sql", "databases"] } });
    const dialog = await screen.findByRole("dialog", { name: "Assign an upskilling plan" });

    // Pre-filled with the collection: its title, its first skill, the collection itself.
    const title = within(dialog).getByRole("textbox", { name: /^Plan title/ });
    expect(title).toHaveValue("SQL joins and windows");
    expect(within(dialog).getByRole("textbox", { name: /^Skill/ })).toHaveValue("sql");
    expect(within(dialog).getByRole("button", { name: "SQL joins and windows" })).toBeInTheDocument();

    await user.clear(title);
    await user.type(title, "SQL for analysts");
    fireEvent.change(within(dialog).getByLabelText(/^Deadline/), { target: { value: "2030-06-30" } });

    await user.click(within(dialog).getByRole("combobox", { name: "Teams" }));
    await user.click(await screen.findByRole("option", { name: "Engineering" }));

    await user.type(within(dialog).getByRole("combobox", { name: "People" }), "Marco");
    await user.click(await screen.findByRole("option", { name: /Marco Bianchi/ }));

    await user.click(within(dialog).getByRole("button", { name: "Assign plan" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.sent("POST /api/b2b/v1/plans/")).toEqual([
      { title: "SQL for analysts", deadline: "2030-06-30", skills: { sql: { collections: [5] } }, selectedAccount: [3], selectedTeam: [7] },
    ]);
    expect(await screen.findByText("Plan “SQL for analysts” assigned")).toBeInTheDocument();
  });

  it("sends a skill named like an object property as that skill", async () => {
    const server = serve();
    const user = userEvent.setup();
    const { onClose } = open({ collection: { id: 5, title: "SQL joins and windows", skills: ["sql"] } });
    const dialog = await screen.findByRole("dialog", { name: "Assign an upskilling plan" });
    const skill = within(dialog).getByRole("textbox", { name: /^Skill/ });
    await user.clear(skill);
    await user.type(skill, "__proto__");
    await user.click(within(dialog).getByRole("combobox", { name: "Teams" }));
    await user.click(await screen.findByRole("option", { name: "Engineering" }));
    await user.click(within(dialog).getByRole("button", { name: "Assign plan" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const [body] = server.sent("POST /api/b2b/v1/plans/") as [{ skills: Record<string, unknown> }];
    expect(Object.keys(body.skills)).toEqual(["__proto__"]);
    expect(Object.getOwnPropertyDescriptor(body.skills, "__proto__")?.value).toEqual({ collections: [5] });
  });

  it("sends a skill's target level, chosen from the named scale", async () => {
    const server = serve();
    const user = userEvent.setup();
    const { onClose } = open({ collection: { id: 5, title: "SQL joins and windows", skills: ["sql"] } });
    const dialog = await screen.findByRole("dialog", { name: "Assign an upskilling plan" });
    const target = within(dialog).getByRole("combobox", { name: "Target level" });
    expect(
      within(target)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["No target level", "1 · Beginner", "2 · Developing", "3 · Intermediate", "4 · Advanced", "5 · Expert"]);
    await user.selectOptions(target, "4 · Advanced");
    await user.click(within(dialog).getByRole("combobox", { name: "Teams" }));
    await user.click(await screen.findByRole("option", { name: "Engineering" }));
    await user.click(within(dialog).getByRole("button", { name: "Assign plan" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const [body] = server.sent("POST /api/b2b/v1/plans/") as [{ skills: Record<string, unknown> }];
    expect(body.skills).toEqual({ sql: { collections: [5], target_level: 4 } });
  });

  it("says in words why the server refused the plan", async () => {
    serve({
      status: 400,
      body: { error: { code: "collection_not_published", message: "Plans use published collections of your company", details: { collections: [5] } } },
    });
    const user = userEvent.setup();
    open({ collection: { id: 5, title: "SQL joins and windows", skills: ["sql"] } });
    const dialog = await screen.findByRole("dialog", { name: "Assign an upskilling plan" });
    await user.click(within(dialog).getByRole("combobox", { name: "Teams" }));
    await user.click(await screen.findByRole("option", { name: "Engineering" }));
    await user.click(within(dialog).getByRole("button", { name: "Assign plan" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Only published collections of your company can be used in a plan.");
  });
});
