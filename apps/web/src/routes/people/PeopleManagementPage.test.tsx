import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppRoutes } from "../../app/router";
import { meFor, renderApp, serveFetch, signedIn } from "../../test/render";
import { LocationProbe } from "../../test/LocationProbe";

afterEach(() => vi.unstubAllGlobals());

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const tessa = { id: 4, display_name: "Tessa Lind", email: "teamleader@acme.test" };
const hannah = { id: 1, display_name: "Hannah Reyes", email: "hr@acme.test" };
const engineering = { id: 7, name: "Engineering" };

const team = { id: 7, name: "Engineering", leader: tessa, members_count: 2, created_at: "2026-01-01T00:00:00.000Z" };
const employee = (id: number, name: string, role: string, extra: object = {}) => ({
  id,
  uid: `uid-${id}`,
  display_name: name,
  email: `${name.split(" ")[0]!.toLowerCase()}@acme.test`,
  username: name,
  photo_url: null,
  role,
  status: "active",
  team: engineering,
  created_at: "2026-01-01T00:00:00.000Z",
  ...extra,
});
const inviteRequest = {
  id: 3,
  email: "new.hire@outside.test",
  role: "member",
  team: engineering,
  status: "pending",
  reason: "Backend hire",
  requested_by: tessa,
  decided_by: null,
  decided_at: null,
  created_at: "2026-03-01T10:00:00.000Z",
};
const removalRequest = {
  id: 5,
  employee: { id: 9, display_name: "Marco Bianchi", email: "member@acme.test" },
  team: engineering,
  status: "pending",
  reason: "Left the company",
  decision_reason: null,
  requested_by: tessa,
  decided_by: null,
  decided_at: null,
  created_at: "2026-03-02T10:00:00.000Z",
};

function serve(overrides: Parameters<typeof serveFetch>[0] = {}) {
  const { fetch } = serveFetch({
    "GET /api/b2b/v1/profile/acme.test": { body: meFor("hr").company },
    "GET /api/b2b/v1/onboarding/": { body: page([]) },
    "GET /api/b2b/v1/teams/": { body: page([team]) },
    "GET /api/b2b/v1/employees/": { body: page([employee(1, "Hannah Reyes", "hr", { team: null }), employee(9, "Marco Bianchi", "member")]) },
    "GET /api/b2b/v1/invite-requests/": { body: page([inviteRequest]) },
    "GET /api/b2b/v1/removal-requests/": { body: page([removalRequest]) },
    "GET /api/b2b/v1/invitations/": { body: page([]) },
    ...overrides,
  });
  return fetch;
}

const calls = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.map(([url, init]) => ({ method: init?.method ?? "GET", url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined }));

const app = (
  <>
    <AppRoutes />
    <LocationProbe />
  </>
);

describe("/peopleManagement tabs (spec §2: ?tab= 1 teams, 2 employees, 3 approvals)", () => {
  it("opens the tab the URL names and writes the chosen tab back", async () => {
    serve();
    const user = userEvent.setup();
    renderApp(app, { path: "/peopleManagement?tab=2", session: signedIn("hr") });
    expect(await screen.findByRole("tab", { name: "Employees" })).toHaveAttribute("aria-selected", "true");
    expect(await within(screen.getByRole("tabpanel")).findByRole("table", { name: "Employees" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Invite" })).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Approvals" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/peopleManagement?tab=3");
    expect(await screen.findByRole("heading", { name: "Invite requests" })).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Teams" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/peopleManagement?tab=1");
    const teams = await screen.findByRole("table", { name: "Teams" });
    expect(within(teams).getByRole("link", { name: "Engineering" })).toHaveAttribute("href", "/peopleManagement/team/7");
    expect(within(teams).getByText("Tessa Lind")).toBeInTheDocument();
  });

  it("starts on Teams without a tab or with an unknown one", async () => {
    serve();
    renderApp(app, { path: "/peopleManagement?tab=9", session: signedIn("hr") });
    expect(await screen.findByRole("tab", { name: "Teams" })).toHaveAttribute("aria-selected", "true");
  });

  it("gives the L&D leader teams and employees to read, without approvals or changes", async () => {
    serve();
    renderApp(app, { path: "/peopleManagement?tab=3", session: signedIn("ldleader") });
    expect(await screen.findByRole("tab", { name: "Teams" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Teams", "Employees"]);
    await screen.findByRole("table", { name: "Teams" });
    expect(screen.queryByRole("button", { name: "New team" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Edit team/ })).not.toBeInTheDocument();
  });

  it("sends a team leader to their own team (spec §6)", async () => {
    serve({
      "GET /api/b2b/v1/teams/7/": { body: team },
      "GET /api/b2b/v1/teams/7/members/": { body: page([]) },
      "GET /api/b2b/v1/teams/7/progress/": { body: { ...page([]), skills: [] } },
    });
    renderApp(app, { path: "/peopleManagement", session: signedIn("teamleader") });
    expect(await screen.findByRole("heading", { level: 1, name: "Team Engineering" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/peopleManagement/team/7");
  });

  it("shows members the not-allowed page", async () => {
    serve();
    renderApp(app, { path: "/peopleManagement", session: signedIn("member") });
    expect(await screen.findByRole("heading", { name: "You do not have access to this page" })).toBeInTheDocument();
  });
});

describe("employees tab", () => {
  it("asks the server for one page with the chosen filters and sort, never more than shown", async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderApp(app, { path: "/peopleManagement?tab=2", session: signedIn("hr") });
    const table = await screen.findByRole("table", { name: "Employees" });
    await user.click(within(table).getByRole("button", { name: "Email" }));
    await user.click(within(table).getByRole("button", { name: "Email" }));
    const last = new URL(
      calls(fetch)
        .filter((call) => call.url.startsWith("/api/b2b/v1/employees/"))
        .at(-1)!.url,
      "http://x",
    );
    expect(Object.fromEntries(last.searchParams)).toMatchObject({ ordering: "email", sort: "desc", status: "active", page: "1", page_size: "20" });
    // hr's own row offers no deactivation; others' do.
    expect(within(table).queryByRole("button", { name: "Deactivate Hannah Reyes" })).not.toBeInTheDocument();
    expect(within(table).getByRole("button", { name: "Deactivate Marco Bianchi" })).toBeInTheDocument();
  });

  it("deactivates after confirmation with PATCH {status: deactivated}", async () => {
    const fetch = serve({ "PATCH /api/b2b/v1/employees/9/": { body: employee(9, "Marco Bianchi", "member", { status: "deactivated" }) } });
    const user = userEvent.setup();
    renderApp(app, { path: "/peopleManagement?tab=2", session: signedIn("hr") });
    await user.click(await screen.findByRole("button", { name: "Deactivate Marco Bianchi" }));
    const dialog = await screen.findByRole("dialog", { name: "Deactivate Marco Bianchi?" });
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(calls(fetch)).toContainEqual({ method: "PATCH", url: "/api/b2b/v1/employees/9/", body: { status: "deactivated" } }));
  });
});

describe("pending invitations", () => {
  const invitation = {
    id: 12,
    email: "new.hire@outside.test",
    role: "teamleader",
    team: engineering,
    company: { id: 1, name: "Acme", domain: "acme.test" },
    invited_by: { id: 1, display_name: "Hannah Reyes" },
    sent_at: "2026-03-01T10:00:00.000Z",
    expires_at: "2026-03-08T10:00:00.000Z",
    status: "pending",
  };

  it("shows hr who was invited, as what, by whom and until when, and resends a fresh link", async () => {
    const fetch = serve({
      "GET /api/b2b/v1/invitations/": { body: page([invitation]) },
      "POST /api/b2b/v1/invitations/12/resend/": { body: { ...invitation, id: 13 } },
    });
    const user = userEvent.setup();
    renderApp(app, { path: "/peopleManagement?tab=2", session: signedIn("hr") });
    const section = await screen.findByRole("region", { name: "Pending invitations" });
    const card = (await within(section).findByRole("heading", { name: "new.hire@outside.test" })).closest("li")!;
    expect(card).toHaveTextContent("Team leader · team Engineering");
    expect(card).toHaveTextContent("Sent by Hannah Reyes on Mar 1, 2026");
    expect(card).toHaveTextContent("Link expires on Mar 8, 2026");
    await user.click(within(card as HTMLElement).getByRole("button", { name: "Resend the invitation to new.hire@outside.test" }));
    await waitFor(() => expect(calls(fetch)).toContainEqual({ method: "POST", url: "/api/b2b/v1/invitations/12/resend/", body: {} }));
    expect(await screen.findByText("A fresh link was sent to new.hire@outside.test; the earlier one no longer works")).toBeInTheDocument();
  });

  it("revokes after confirmation", async () => {
    const fetch = serve({
      "GET /api/b2b/v1/invitations/": { body: page([invitation]) },
      "POST /api/b2b/v1/invitations/12/revoke/": { status: 204 },
    });
    const user = userEvent.setup();
    renderApp(app, { path: "/peopleManagement?tab=2", session: signedIn("hr") });
    await user.click(await screen.findByRole("button", { name: "Revoke the invitation to new.hire@outside.test" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke the invitation to new.hire@outside.test?" });
    expect(calls(fetch).filter((c) => c.method === "POST")).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(calls(fetch)).toContainEqual({ method: "POST", url: "/api/b2b/v1/invitations/12/revoke/", body: {} }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("is hr's only: the L&D leader gets no invitations section", async () => {
    const fetch = serve();
    renderApp(app, { path: "/peopleManagement?tab=2", session: signedIn("ldleader") });
    expect(await screen.findByRole("table")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Pending invitations" })).not.toBeInTheDocument();
    expect(calls(fetch).some((c) => c.url.startsWith("/api/b2b/v1/invitations/"))).toBe(false);
  });
});

describe("approvals tab", () => {
  it("accepts an invite request with a reason at POST /invite-requests/{id}/accept/", async () => {
    const fetch = serve({ "POST /api/b2b/v1/invite-requests/3/accept/": { body: { ...inviteRequest, status: "accepted", decided_by: hannah } } });
    const user = userEvent.setup();
    renderApp(app, { path: "/peopleManagement?tab=3", session: signedIn("hr") });
    await user.click(await screen.findByRole("button", { name: "Accept the invite request for new.hire@outside.test" }));
    const dialog = await screen.findByRole("dialog", { name: "Accept the invite request?" });
    await user.type(within(dialog).getByLabelText("Reason"), "Welcome");
    await user.click(within(dialog).getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(calls(fetch)).toContainEqual({ method: "POST", url: "/api/b2b/v1/invite-requests/3/accept/", body: { reason: "Welcome" } }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("rejects a removal request without a reason at POST /removal-requests/{id}/reject/", async () => {
    const fetch = serve({ "POST /api/b2b/v1/removal-requests/5/reject/": { body: { ...removalRequest, status: "rejected", decided_by: hannah } } });
    const user = userEvent.setup();
    renderApp(app, { path: "/peopleManagement?tab=3", session: signedIn("hr") });
    await user.click(await screen.findByRole("button", { name: "Reject the removal request for Marco Bianchi (member@acme.test)" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject the removal request?" });
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(calls(fetch)).toContainEqual({ method: "POST", url: "/api/b2b/v1/removal-requests/5/reject/", body: {} }));
  });

  it("says accepting a removal takes the person off the team, not that it deactivates them", async () => {
    const fetch = serve({ "POST /api/b2b/v1/removal-requests/5/accept/": { body: { ...removalRequest, status: "accepted", decided_by: hannah } } });
    const user = userEvent.setup();
    renderApp(app, { path: "/peopleManagement?tab=3", session: signedIn("hr") });
    await user.click(await screen.findByRole("button", { name: "Accept the removal request for Marco Bianchi (member@acme.test)" }));
    const dialog = await screen.findByRole("dialog", { name: "Accept the removal request?" });
    expect(within(dialog).getByText(/leaves team Engineering\. The account stays active/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/deactivat/i)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(calls(fetch)).toContainEqual({ method: "POST", url: "/api/b2b/v1/removal-requests/5/accept/", body: {} }));
    expect(await screen.findByText("Accepted: Marco Bianchi (member@acme.test) removed from the team")).toBeInTheDocument();
  });

  it("explains a 409: the request was already decided", async () => {
    serve({
      "POST /api/b2b/v1/invite-requests/3/reject/": {
        status: 409,
        body: { error: { code: "request_already_decided", message: "This request was already accepted" } },
      },
    });
    const user = userEvent.setup();
    renderApp(app, { path: "/peopleManagement?tab=3", session: signedIn("hr") });
    await user.click(await screen.findByRole("button", { name: "Reject the invite request for new.hire@outside.test" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This request has already been decided.");
  });

  it("filters by status and sort (spec §3) through the query", async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderApp(app, { path: "/peopleManagement?tab=3", session: signedIn("hr") });
    const invites = (await screen.findByRole("heading", { name: "Invite requests" })).closest("section")!;
    await user.click(within(invites as HTMLElement).getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Rejected" }));
    await user.click(within(invites as HTMLElement).getByRole("combobox", { name: "Order" }));
    await user.click(await screen.findByRole("option", { name: "Oldest first" }));
    await waitFor(() => {
      const last = new URL(
        calls(fetch)
          .filter((call) => call.url.startsWith("/api/b2b/v1/invite-requests/"))
          .at(-1)!.url,
        "http://x",
      );
      expect(Object.fromEntries(last.searchParams)).toMatchObject({ status: "rejected", sort: "asc" });
    });
  });
});

describe("teams tab", () => {
  it("shows the server's reason when a team that is not empty cannot be deleted", async () => {
    serve({ "DELETE /api/b2b/v1/teams/7/": { status: 409, body: { error: { code: "team_not_empty", message: "Only an empty team can be deleted" } } } });
    const user = userEvent.setup();
    renderApp(app, { path: "/peopleManagement?tab=1", session: signedIn("hr") });
    await user.click(await screen.findByRole("button", { name: "Delete team Engineering" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete team Engineering?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Only an empty team can be deleted");
  });
});
