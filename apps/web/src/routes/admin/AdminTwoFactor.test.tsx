import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppRoutes } from "../../app/router";
import { renderApp, signedIn } from "../../test/render";
import { acme, auditEntry, callsOf, company, page, queryOf, serveAdmin } from "../../features/admin/testing";

// Two-factor sign-in and security events in the admin area: a company may require two-factor sign-in of its hr and L&D leaders;
// a platform admin invites a company's first person; security events in one audit list.

afterEach(() => vi.unstubAllGlobals());

const admin = signedIn("admin");

async function openCompanies() {
  renderApp(<AppRoutes />, { path: "/admin", session: admin });
  // The first render compiles the lazy pages: give it time on a busy machine.
  return screen.findByRole("table", { name: "Companies" }, { timeout: 15_000 });
}

describe("a company's two-factor rule", () => {
  it("is asked for when a company is created, off unless switched on", async () => {
    const fetch = serveAdmin({ "POST /api/b2b/v1/admin/companies/": { status: 201, body: company(3, "Initech", { require_two_factor: true }) } });
    const user = userEvent.setup();
    await openCompanies();
    await user.click(screen.getByRole("button", { name: "New company" }));
    const dialog = await screen.findByRole("dialog", { name: "New company" });
    const rule = within(dialog).getByRole("switch", { name: "Require two-factor sign-in for hr and L&D leaders" });
    expect(rule).not.toBeChecked();
    expect(rule).toHaveAccessibleDescription(/must set up an authenticator app/);
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Initech");
    await user.type(within(dialog).getByRole("textbox", { name: "Email domain" }), "initech.test");
    await user.click(rule);
    await user.click(within(dialog).getByRole("button", { name: "Create company" }));
    await waitFor(() => expect(callsOf(fetch).find((call) => call.method === "POST")?.body).toMatchObject({ name: "Initech", require_two_factor: true }));
  });

  it("is changed on its own when a company is edited, and shown in its details", async () => {
    const fetch = serveAdmin({ "PATCH /api/b2b/v1/admin/companies/1/": { body: { ...acme, require_two_factor: true } } });
    const user = userEvent.setup();
    await openCompanies();
    await user.click(screen.getByRole("button", { name: "Edit Acme" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Acme" });
    await user.click(within(dialog).getByRole("switch", { name: "Require two-factor sign-in for hr and L&D leaders" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(callsOf(fetch).find((call) => call.method === "PATCH")?.body).toEqual({ require_two_factor: true });

    await user.click(screen.getByRole("button", { name: "Details and history of Acme" }));
    const details = await screen.findByRole("dialog", { name: "Acme" });
    expect(within(details).getByText("Two-factor sign-in").nextSibling).toHaveTextContent("Optional");
  });
});

describe("inviting a company's first person", () => {
  it("invites someone as hr by default from the company's details, and says the invitation was mailed", async () => {
    const answers = [
      { status: 409, body: { error: { code: "email_in_use", message: "Email already in use" } } },
      { status: 201, body: { id: 41 } },
    ];
    const fetch = serveAdmin({ "POST /api/b2b/v1/admin/companies/1/invitations/": () => answers.shift()! });
    const user = userEvent.setup();
    await openCompanies();
    await user.click(screen.getByRole("button", { name: "Details and history of Acme" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Acme" })).getByRole("button", { name: "Invite a person" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite a person to Acme" });
    expect(within(dialog).getByRole("combobox", { name: "Role" })).toHaveTextContent("HR");

    await user.type(within(dialog).getByRole("textbox", { name: "Email" }), "not an address");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(dialog).findByText("Invalid email")).toBeInTheDocument();

    await user.clear(within(dialog).getByRole("textbox", { name: "Email" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Email" }), "Hana@Acme.test");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(within(dialog).getByRole("textbox", { name: "Email" })).toHaveAccessibleDescription("Email already in use"));

    await user.clear(within(dialog).getByRole("textbox", { name: "Email" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Email" }), "first.hr@acme.test");
    await user.click(within(dialog).getByRole("combobox", { name: "Role" }));
    await user.click(await screen.findByRole("option", { name: "L&D Leader" }));
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("An invitation was mailed to first.hr@acme.test")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Invite a person to Acme" })).not.toBeInTheDocument());
    const posts = callsOf(fetch).filter((call) => call.method === "POST");
    expect(posts.map((call) => call.body)).toEqual([
      { email: "hana@acme.test", role: "hr" },
      { email: "first.hr@acme.test", role: "ldleader" },
    ]);
  });
});

describe("security events", () => {
  const failedSignIn = auditEntry(7, {
    actor: null,
    company_id: 1,
    company_names: { "1": "Acme" },
    entity: "sign_in",
    entity_id: null,
    action: "failed",
    after: { email: "hr@acme.test", ip_address: "203.0.113.9" },
  });
  const twoFactorOn = auditEntry(6, {
    actor: { id: 3, display_name: "Hannah Reyes" },
    company_id: 1,
    company_names: { "1": "Acme" },
    entity: "two_factor",
    entity_id: 3,
    action: "enable",
    after: { email: "hr@acme.test", ip_address: "198.51.100.4" },
  });
  const outboxRead = auditEntry(5, { entity: "outbox", entity_id: null, action: "read", after: { page: 1 } });
  const planAssigned = auditEntry(4, {
    company_id: 1,
    company_names: { "1": "Acme" },
    entity: "plan",
    entity_id: 12,
    action: "create",
    after: { title: "Q4 upskilling", skills: ["sql"], team_ids: [7], account_ids: [9, 10] },
  });

  it("lists every kind of event, and one kind when asked, on the people page", async () => {
    const fetch = serveAdmin({
      "GET /api/b2b/v1/admin/accounts/": { body: page([]) },
      "GET /api/b2b/v1/admin/audit/": (url) => {
        const entity = url.searchParams.get("entity");
        return { body: page(entity === null ? [failedSignIn, twoFactorOn, outboxRead, planAssigned] : entity === "sign_in" ? [failedSignIn] : []) };
      },
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/admin/people-management", session: admin });
    const section = await screen.findByRole("region", { name: "Security events" });
    const table = await within(section).findByRole("table", { name: "Security events" });
    expect(within(table).getByRole("row", { name: /Failed sign-in/ })).toHaveTextContent(
      /Not signed in.*Failed sign-in.*hr@acme\.test · Acme.*IP address: 203\.0\.113\.9/,
    );
    expect(within(table).getByRole("row", { name: /Turned on/ })).toHaveTextContent(/Hannah Reyes.*Turned on.*hr@acme\.test · Acme/);
    expect(within(table).getByRole("row", { name: /Read/ })).toHaveTextContent(/Alex Morgan.*Read.*Mail outbox/);
    expect(within(table).getByRole("row", { name: /Q4 upskilling/ })).toHaveTextContent(
      /Created.*Q4 upskilling · Acme.*Skills: sql.*Teams: team #7.*People: account #9, account #10/,
    );

    const kind = within(section).getByRole("combobox", { name: "Kind of event" });
    expect(kind).toHaveTextContent("All events");
    await user.click(kind);
    await user.click(await screen.findByRole("option", { name: "Sign-ins" }));
    await waitFor(() => expect(within(table).queryByRole("row", { name: /Turned on/ })).not.toBeInTheDocument());
    const audits = callsOf(fetch)
      .filter((call) => call.url.startsWith("/api/b2b/v1/admin/audit/"))
      .map((call) => queryOf(call.url));
    expect(audits).toContainEqual({ page: "1", page_size: "20" });
    expect(audits).toContainEqual({ entity: "sign_in", page: "1", page_size: "20" });
  });
});
