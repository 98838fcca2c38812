import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppRoutes } from "../../app/router";
import { renderApp, signedIn } from "../../test/render";
import { account, acme, auditEntry, callsOf, page, queryOf, serveAdmin } from "../../features/admin/testing";

afterEach(() => vi.unstubAllGlobals());

// meFor("admin") is account 1.
const me = account(1, "Alex Morgan", { email: "admin@acme.test", role: "admin", company: null, team: null });
const marco = account(9, "Marco Bianchi", { email: "member@acme.test" });
const greta = account(12, "Greta Olsen", {
  email: "member@globex.test",
  company: { id: 2, name: "Globex", domain: "globex.test" },
  team: null,
  status: "deactivated",
  last_sign_in_at: null,
});

function serve(routes: Parameters<typeof serveAdmin>[0] = {}) {
  return serveAdmin({ "GET /api/b2b/v1/admin/accounts/": { body: page([me, marco, greta]) }, ...routes });
}

const open = async () => {
  renderApp(<AppRoutes />, { path: "/admin/people-management", session: signedIn("admin") });
  expect(await screen.findByRole("heading", { level: 1, name: "People management" })).toBeInTheDocument();
  return screen.findByRole("table", { name: "Accounts" });
};

describe("/admin/people-management", () => {
  it("lists accounts of every company and filters them by company through the server", async () => {
    const fetch = serve();
    const user = userEvent.setup();
    const table = await open();
    expect(within(table).getByRole("row", { name: /Greta Olsen/ })).toHaveTextContent(/Globex.*Team member.*No team.*Deactivated.*Never/);
    expect(within(table).getByRole("row", { name: /Alex Morgan/ })).toHaveTextContent(/\(you\).*Platform.*Admin/);

    // The platform's companies are many: the filter searches them rather than listing every one.
    const companies = screen.getByRole("combobox", { name: "Company" });
    expect(companies).toHaveValue("All companies");
    await user.clear(companies);
    await user.type(companies, "glo");
    await waitFor(() =>
      expect(
        callsOf(fetch)
          .filter((call) => call.url.startsWith("/api/b2b/v1/admin/companies/"))
          .map((call) => queryOf(call.url)),
      ).toContainEqual({ search: "glo", page: "1", page_size: "20" }),
    );
    await user.click(await screen.findByRole("option", { name: "Globex (globex.test)" }));
    await waitFor(() => {
      const last = callsOf(fetch)
        .filter((call) => call.url.startsWith("/api/b2b/v1/admin/accounts/"))
        .at(-1)!;
      expect(queryOf(last.url)).toMatchObject({ company: "2", page: "1", status: "all" });
    });
  });

  it("changes an account's role with PATCH {role}", async () => {
    const fetch = serve({ "PATCH /api/b2b/v1/admin/accounts/9/": { body: { ...marco, role: "teamleader" } } });
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole("button", { name: "Change the role or company of Marco Bianchi" }));
    const dialog = await screen.findByRole("dialog", { name: "Role and company of Marco Bianchi" });
    await user.click(within(dialog).getByRole("combobox", { name: "Role" }));
    await user.click(await screen.findByRole("option", { name: "Team leader" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(callsOf(fetch)).toContainEqual({ method: "PATCH", url: "/api/b2b/v1/admin/accounts/9/", body: { role: "teamleader" } }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("moves an account to another company, and refuses no company for anyone but an admin", async () => {
    const fetch = serve({
      "GET /api/b2b/v1/admin/companies/1/": { body: acme },
      "PATCH /api/b2b/v1/admin/accounts/9/": { body: { ...marco, company: { id: 2, name: "Globex", domain: "globex.test" }, team: null } },
    });
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole("button", { name: "Change the role or company of Marco Bianchi" }));
    const dialog = await screen.findByRole("dialog", { name: "Role and company of Marco Bianchi" });
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: "Company" })).toHaveValue("Acme (acme.test)"));
    await user.click(within(dialog).getByRole("combobox", { name: "Company" }));
    await user.click(await screen.findByRole("option", { name: "No company (platform admins only)" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Choose a company: only platform admins can be without one.")).toBeInTheDocument();
    expect(callsOf(fetch).filter((call) => call.method === "PATCH")).toEqual([]);

    await user.click(within(dialog).getByRole("combobox", { name: "Company" }));
    await user.click(await screen.findByRole("option", { name: "Globex (globex.test)" }));
    expect(within(dialog).getByText("Moving to another company takes them out of their team.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(callsOf(fetch)).toContainEqual({ method: "PATCH", url: "/api/b2b/v1/admin/accounts/9/", body: { company_id: 2 } }));
  });

  it("makes someone a platform admin only together with no company, and words the server's refusal", async () => {
    const fetch = serve({
      "GET /api/b2b/v1/admin/companies/1/": { body: acme },
      "PATCH /api/b2b/v1/admin/accounts/9/": {
        status: 400,
        body: { error: { code: "operator_has_company", message: "A platform operator belongs to no company" } },
      },
    });
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole("button", { name: "Change the role or company of Marco Bianchi" }));
    const dialog = await screen.findByRole("dialog", { name: "Role and company of Marco Bianchi" });
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: "Company" })).toHaveValue("Acme (acme.test)"));
    await user.click(within(dialog).getByRole("combobox", { name: "Role" }));
    await user.click(await screen.findByRole("option", { name: "Admin" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Platform admins belong to no company: choose “No company”.")).toBeInTheDocument();
    expect(callsOf(fetch).filter((call) => call.method === "PATCH")).toEqual([]);

    // The account changed meanwhile (say it was moved): the server's refusal lands under the company field.
    await user.click(within(dialog).getByRole("combobox", { name: "Company" }));
    await user.click(await screen.findByRole("option", { name: "No company (platform admins only)" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(callsOf(fetch)).toContainEqual({ method: "PATCH", url: "/api/b2b/v1/admin/accounts/9/", body: { role: "admin", company_id: null } }),
    );
    expect(await within(dialog).findByText("A platform admin belongs to no company: choose “No company” to make someone an admin.")).toBeInTheDocument();
  });

  it("never offers an admin to deactivate or demote themselves", async () => {
    serve();
    const user = userEvent.setup();
    const table = await open();
    expect(within(table).queryByRole("button", { name: "Deactivate Alex Morgan" })).not.toBeInTheDocument();
    await user.click(within(table).getByRole("button", { name: "Change the role or company of Alex Morgan" }));
    const dialog = await screen.findByRole("dialog", { name: "Role and company of Alex Morgan" });
    expect(within(dialog).getByRole("combobox", { name: "Role" })).toHaveAttribute("aria-disabled", "true");
    expect(within(dialog).getByText("You can't change your own role.")).toBeInTheDocument();
  });

  it("deactivates after confirmation and reactivates a deactivated account", async () => {
    const fetch = serve({
      "PATCH /api/b2b/v1/admin/accounts/9/": { body: { ...marco, status: "deactivated" } },
      "PATCH /api/b2b/v1/admin/accounts/12/": { body: { ...greta, status: "active" } },
    });
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole("button", { name: "Deactivate Marco Bianchi" }));
    const confirm = await screen.findByRole("dialog", { name: "Deactivate Marco Bianchi?" });
    await user.click(within(confirm).getByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(callsOf(fetch)).toContainEqual({ method: "PATCH", url: "/api/b2b/v1/admin/accounts/9/", body: { status: "deactivated" } }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "Reactivate Greta Olsen" }));
    const again = await screen.findByRole("dialog", { name: "Reactivate Greta Olsen?" });
    await user.click(within(again).getByRole("button", { name: "Reactivate" }));
    await waitFor(() => expect(callsOf(fetch)).toContainEqual({ method: "PATCH", url: "/api/b2b/v1/admin/accounts/12/", body: { status: "active" } }));
  });

  it("shows an account's sign-in history and its own audit entries", async () => {
    serve({
      "GET /api/b2b/v1/admin/accounts/9/sign-ins/": {
        body: [{ at: "2026-03-01T08:30:00.000Z", ip_address: "203.0.113.7", user_agent: "Firefox 140 on Linux" }],
      },
      "GET /api/b2b/v1/admin/audit/": (url) => ({
        body: page(
          url.searchParams.get("entity") === "account" && url.searchParams.get("entity_id") === "9"
            ? [
                auditEntry(4, {
                  entity: "account",
                  entity_id: 9,
                  before: { role: "member", company_id: 1 },
                  after: { role: "hr", company_id: 2 },
                  company_names: { "1": "Acme", "2": "Globex" },
                }),
              ]
            : [],
        ),
      }),
    });
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole("button", { name: "Sign-ins and history of Marco Bianchi" }));
    const dialog = await screen.findByRole("dialog", { name: "Marco Bianchi: sign-ins and history" });
    const signIns = await within(dialog).findByRole("table", { name: "Sign-ins of Marco Bianchi" });
    expect(signIns).toHaveTextContent("203.0.113.7");
    expect(signIns).toHaveTextContent("Firefox 140 on Linux");
    const changes = await within(dialog).findByRole("table", { name: "Changes to Marco Bianchi" });
    expect(changes).toHaveTextContent("Role: Team member → HR");
    expect(changes).toHaveTextContent("Company: Acme → Globex");
  });

  it("resends an invitation picked from the open ones, expired ones included, not a typed address", async () => {
    const invitation = (id: number, email: string, company: { id: number; name: string; domain: string }, status: "pending" | "expired") => ({
      id,
      email,
      role: "member",
      team: null,
      company,
      invited_by: null,
      sent_at: "2026-03-01T10:00:00.000Z",
      expires_at: "2026-03-08T10:00:00.000Z",
      status,
    });
    const lapsed = invitation(12, "lapsed@outside.test", { id: 2, name: "Globex", domain: "globex.test" }, "expired");
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { error: { code: "invitation_already_accepted", message: "This invitation was already accepted" } },
    };
    const fetch = serve({
      "GET /api/b2b/v1/invitations/": { body: page([invitation(11, "waiting@outside.test", { id: 1, name: "Acme", domain: "acme.test" }, "pending"), lapsed]) },
      "POST /api/b2b/v1/invitations/12/resend/": () => answer,
    });
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole("button", { name: "Resend an invitation" }));
    const dialog = await screen.findByRole("dialog", { name: "Resend an invitation" });
    const picker = within(dialog).getByRole("combobox", { name: "Invitation" });
    await user.click(within(dialog).getByRole("button", { name: "Send a fresh link" }));
    expect(picker).toHaveAccessibleDescription("Required");

    await user.click(picker);
    await user.click(await screen.findByRole("option", { name: "lapsed@outside.test · Globex (expired)" }));
    const asked = callsOf(fetch)
      .filter((call) => call.url.startsWith("/api/b2b/v1/invitations/"))
      .map((call) => queryOf(call.url));
    expect(asked[0]).toMatchObject({ include_expired: "true" });
    await user.click(within(dialog).getByRole("button", { name: "Send a fresh link" }));
    await waitFor(() => expect(picker).toHaveAccessibleDescription("This invitation was already accepted: the account exists."));
    expect(callsOf(fetch)).toContainEqual({ method: "POST", url: "/api/b2b/v1/invitations/12/resend/", body: {} });
    expect(callsOf(fetch).some((call) => call.url.includes("resend-invitation"))).toBe(false);

    answer = { status: 200, body: { ...lapsed, id: 13, status: "pending", expires_at: "2026-03-15T10:00:00.000Z" } };
    await user.click(within(dialog).getByRole("button", { name: "Send a fresh link" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText("A fresh invitation was sent to lapsed@outside.test")).toBeInTheDocument();
  });
});
