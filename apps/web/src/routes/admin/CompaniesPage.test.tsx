import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Role } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { renderApp, signedIn } from "../../test/render";
import { acme, auditEntry, callsOf, company, globex, page, queryOf, serveAdmin } from "../../features/admin/testing";

afterEach(() => vi.unstubAllGlobals());

const admin = signedIn("admin");

describe("the admin area is for platform admins only", () => {
  const others: Role[] = ["hr", "ldleader", "teamleader", "member"];
  for (const role of others) {
    it(`shows ${role} the not-allowed page on every admin route, without asking the admin API`, async () => {
      const fetch = serveAdmin({});
      for (const path of ["/admin", "/admin/people-management", "/admin/budget-management"]) {
        const { unmount } = renderApp(<AppRoutes />, { path, session: signedIn(role) });
        expect(await screen.findByRole("heading", { name: "You do not have access to this page" })).toBeInTheDocument();
        unmount();
      }
      expect(callsOf(fetch).filter((call) => call.url.includes("/admin/"))).toEqual([]);
    });
  }
});

describe("/admin companies", () => {
  it("lists companies with their people and activity, and searches through the server", async () => {
    const fetch = serveAdmin({});
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/admin", session: admin });
    expect(await screen.findByRole("heading", { level: 1, name: "Companies" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Companies" });
    const globexRow = within(table).getByRole("row", { name: /Globex/ });
    expect(
      within(globexRow)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(["EUR", "1", "0", "4", "Active"]));

    await user.type(screen.getByRole("searchbox", { name: "Search by name or domain" }), "glob");
    await waitFor(() => {
      const last = callsOf(fetch)
        .filter((call) => call.url.startsWith("/api/b2b/v1/admin/companies/"))
        .at(-1)!;
      expect(queryOf(last.url)).toMatchObject({ search: "glob", page: "1", page_size: "20", status: "all" });
    });
  });

  it("checks each field of a new company before sending it, and names a bad allow-list entry", async () => {
    const fetch = serveAdmin({});
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/admin", session: admin });
    await user.click(await screen.findByRole("button", { name: "New company" }));
    const dialog = await screen.findByRole("dialog", { name: "New company" });
    await user.type(within(dialog).getByRole("textbox", { name: "Email domain" }), "not a domain");
    await user.clear(within(dialog).getByRole("textbox", { name: "Currency" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Currency" }), "ZZZ");
    await user.type(within(dialog).getByRole("textbox", { name: "Registration allow-list" }), "*@initech.test{enter}bob");
    await user.click(within(dialog).getByRole("button", { name: "Create company" }));

    expect(await within(dialog).findByText("Required")).toBeInTheDocument();
    expect(within(dialog).getByText("Enter a domain name, such as acme.com.")).toBeInTheDocument();
    expect(within(dialog).getByText("Enter a three-letter currency code, such as USD.")).toBeInTheDocument();
    expect(within(dialog).getByText("“bob” is neither an email address nor *@domain.")).toBeInTheDocument();
    expect(callsOf(fetch).filter((call) => call.method === "POST")).toEqual([]);
  });

  it("takes a name of at most the contract's 120 characters", async () => {
    serveAdmin({});
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/admin", session: admin });
    await user.click(await screen.findByRole("button", { name: "New company" }));
    const name = within(await screen.findByRole("dialog", { name: "New company" })).getByRole("textbox", { name: "Name" });
    expect(name).toHaveAttribute("maxlength", "120");
    await user.type(name, "x".repeat(130));
    expect(name).toHaveValue("x".repeat(120));
  });

  it("creates a company and shows the server's refusal of a taken domain on the domain field", async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { error: { code: "company_domain_taken", message: "A company with this domain already exists" } },
    };
    const fetch = serveAdmin({ "POST /api/b2b/v1/admin/companies/": () => answer });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/admin", session: admin });
    await user.click(await screen.findByRole("button", { name: "New company" }));
    const dialog = await screen.findByRole("dialog", { name: "New company" });
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Initech");
    await user.type(within(dialog).getByRole("textbox", { name: "Email domain" }), "Acme.test");
    await user.clear(within(dialog).getByRole("textbox", { name: "Currency" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Currency" }), "eur");
    expect(within(dialog).getByText("Euro")).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: "Registration allow-list" }), "*@Initech.test{enter}ceo@partner.test");
    await user.click(within(dialog).getByRole("button", { name: "Create company" }));

    const domain = within(dialog).getByRole("textbox", { name: "Email domain" });
    await waitFor(() => expect(domain).toHaveAccessibleDescription("Another company already has this domain."));
    expect(domain).toHaveAttribute("aria-invalid", "true");
    expect(callsOf(fetch).find((call) => call.method === "POST")?.body).toEqual({
      name: "Initech",
      domain: "acme.test",
      url_photo: null,
      currency: "EUR",
      registration_allowlist: ["*@initech.test", "ceo@partner.test"],
      require_two_factor: false,
    });

    answer = { status: 201, body: company(3, "Initech", { currency: "EUR", people_count: 0 }) };
    await user.clear(domain);
    await user.type(domain, "initech.test");
    await user.click(within(dialog).getByRole("button", { name: "Create company" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(
      callsOf(fetch)
        .filter((call) => call.method === "POST")
        .at(-1)?.body,
    ).toMatchObject({ domain: "initech.test" });
  });

  it("takes an uploaded logo as a picture, and refuses one too large to keep", async () => {
    const fetch = serveAdmin({ "POST /api/b2b/v1/admin/companies/": { status: 201, body: company(3, "Initech") } });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/admin", session: admin });
    await user.click(await screen.findByRole("button", { name: "New company" }));
    const dialog = await screen.findByRole("dialog", { name: "New company" });
    const upload = within(dialog).getByLabelText("Upload a logo");
    await user.upload(upload, new File(["x".repeat(80_000)], "huge.png", { type: "image/png" }));
    expect(await within(dialog).findByText("This picture is too large: use one under 70 KB, or a link.")).toBeInTheDocument();

    await user.upload(upload, new File([new Uint8Array([137, 80, 78, 71])], "initech.png", { type: "image/png" }));
    expect(await within(dialog).findByText("Uploaded picture: initech.png")).toBeInTheDocument();
    expect(within(dialog).queryByRole("textbox", { name: "Logo link" })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Initech");
    await user.type(within(dialog).getByRole("textbox", { name: "Email domain" }), "initech.test");
    await user.click(within(dialog).getByRole("button", { name: "Create company" }));
    await waitFor(() => expect(callsOf(fetch).find((call) => call.method === "POST")?.body).toMatchObject({ url_photo: "data:image/png;base64,iVBORw==" }));
  });

  it("maps the server's validation details to the fields they name", async () => {
    serveAdmin({
      "PATCH /api/b2b/v1/admin/companies/1/": {
        status: 400,
        body: {
          error: { code: "validation_error", message: "Invalid body", details: [{ path: "body.url_photo", message: "An http(s) link or an image data URL" }] },
        },
      },
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/admin", session: admin });
    await user.click(await screen.findByRole("button", { name: "Edit Acme" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Acme" });
    await user.type(within(dialog).getByRole("textbox", { name: "Logo link" }), "https://cdn.example/acme.svg");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("textbox", { name: "Logo link" })).toHaveAccessibleDescription(
        "Enter a link that starts with http:// or https://, or upload a PNG, JPEG, WebP or SVG picture.",
      ),
    );
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("edits only what changed", async () => {
    const fetch = serveAdmin({ "PATCH /api/b2b/v1/admin/companies/1/": { body: { ...acme, name: "Acme Corp" } } });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/admin", session: admin });
    await user.click(await screen.findByRole("button", { name: "Edit Acme" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Acme" });
    const name = within(dialog).getByRole("textbox", { name: "Name" });
    await user.clear(name);
    await user.type(name, "Acme Corp");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(callsOf(fetch)).toContainEqual({ method: "PATCH", url: "/api/b2b/v1/admin/companies/1/", body: { name: "Acme Corp" } }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("suspends after confirmation, and lifts a suspension", async () => {
    const suspended = { ...globex, status: "suspended" as const };
    const fetch = serveAdmin({
      "GET /api/b2b/v1/admin/companies/": { body: page([acme, suspended]) },
      "POST /api/b2b/v1/admin/companies/1/suspend/": { body: { ...acme, status: "suspended" } },
      "POST /api/b2b/v1/admin/companies/2/reactivate/": { body: globex },
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/admin", session: admin });

    await user.click(await screen.findByRole("button", { name: "Suspend Acme" }));
    const confirm = await screen.findByRole("dialog", { name: "Suspend Acme?" });
    expect(confirm).toHaveTextContent("Its 5 people are signed out at once and can't sign in until you lift the suspension. Nothing is deleted.");
    await user.click(within(confirm).getByRole("button", { name: "Suspend" }));
    await waitFor(() => expect(callsOf(fetch)).toContainEqual({ method: "POST", url: "/api/b2b/v1/admin/companies/1/suspend/", body: undefined }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "Lift the suspension of Globex" }));
    const lift = await screen.findByRole("dialog", { name: "Lift the suspension of Globex?" });
    expect(lift).toHaveTextContent("Its 1 person can sign in again.");
    await user.click(within(lift).getByRole("button", { name: "Lift suspension" }));
    await waitFor(() => expect(callsOf(fetch)).toContainEqual({ method: "POST", url: "/api/b2b/v1/admin/companies/2/reactivate/", body: undefined }));
  });

  it("shows a company's own audit entries, field by field", async () => {
    const entries = [
      auditEntry(9, { entity_id: 2, action: "suspend", before: { name: "Globex", status: "active" }, after: { name: "Globex", status: "suspended" } }),
      auditEntry(8, {
        entity_id: 2,
        action: "update",
        before: { name: "Globex", registration_allowlist: [] },
        after: { name: "Globex", registration_allowlist: ["*@globex.test"] },
      }),
    ];
    const fetch = serveAdmin({ "GET /api/b2b/v1/admin/audit/": (url) => ({ body: page(url.searchParams.get("entity_id") === "2" ? entries : []) }) });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/admin", session: admin });
    await user.click(await screen.findByRole("button", { name: "Details and history of Globex" }));
    const dialog = await screen.findByRole("dialog", { name: "Globex" });
    const history = await within(dialog).findByRole("table", { name: "History of Globex" });
    const rows = within(history).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("Alex Morgan");
    expect(rows[0]).toHaveTextContent("Suspended");
    expect(rows[0]).toHaveTextContent("Status: Active → Suspended");
    expect(rows[1]).toHaveTextContent("Allow-list: — → *@globex.test");
    expect(
      callsOf(fetch).some(
        (call) => call.url.startsWith("/api/b2b/v1/admin/audit/") && queryOf(call.url).entity === "company" && queryOf(call.url).entity_id === "2",
      ),
    ).toBe(true);
  });
});

// The platform admin fills a new company's catalog with the starter items, as its L&D leader can.
describe("/admin company details → Starter catalog", () => {
  it("adds the starter catalog to that company after a confirmation and says how many items were new", async () => {
    const path = "/api/b2b/v1/companies/2/starter-catalog/";
    const fetch = serveAdmin({ [`POST ${path}`]: { body: { company_id: 2, added: 171, already_present: 0 } } });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/admin", session: admin });
    await user.click(await screen.findByRole("button", { name: "Details and history of Globex" }));
    const dialog = await screen.findByRole("dialog", { name: "Globex" });
    const section = within((await within(dialog).findByRole("heading", { name: "Starter catalog" })).closest("section")!);
    await user.click(section.getByRole("button", { name: "Add starter catalog" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Add the starter catalog?" })).getByRole("button", { name: "Add items" }));
    expect(await section.findByRole("status")).toHaveTextContent("Added 171 items to the catalog (0 already there).");
    expect(callsOf(fetch).filter((c) => c.method === "POST")).toEqual([{ method: "POST", url: path, body: undefined }]);
  });
});

// The platform admin connects a company's Slack and Teams channels as its hr can.
describe("/admin company details → Chat notifications", () => {
  it("shows the company's saved addresses and saves a change through the admin's path for that company", async () => {
    const path = "/api/b2b/v1/admin/companies/2/chat-hooks/";
    const hooks = { slack_webhook_url: null, teams_webhook_url: "https://globex.webhook.office.com/webhookb2/abc", updated_at: "2026-11-25T10:00:00Z" };
    const fetch = serveAdmin({
      [`GET ${path}`]: { body: hooks },
      [`PATCH ${path}`]: (_url, body) => ({ body: { ...hooks, ...(body as object), updated_at: "2026-11-26T10:00:00Z" } }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/admin", session: admin });
    await user.click(await screen.findByRole("button", { name: "Details and history of Globex" }));
    const dialog = await screen.findByRole("dialog", { name: "Globex" });
    const section = within((await within(dialog).findByRole("heading", { name: "Chat notifications" })).closest("section")!);
    expect(await section.findByLabelText("Microsoft Teams webhook URL")).toHaveValue("https://globex.webhook.office.com/webhookb2/abc");
    await user.type(section.getByLabelText("Slack webhook URL"), "https://hooks.slack.com/services/T1/B1/x");
    await user.click(section.getByRole("button", { name: "Save chat settings" }));
    await waitFor(() =>
      expect(callsOf(fetch).filter((c) => c.method === "PATCH")).toEqual([
        {
          method: "PATCH",
          url: path,
          body: { slack_webhook_url: "https://hooks.slack.com/services/T1/B1/x", teams_webhook_url: "https://globex.webhook.office.com/webhookb2/abc" },
        },
      ]),
    );
    expect(callsOf(fetch).some((c) => c.url.startsWith("/api/b2b/v1/company/chat-hooks"))).toBe(false);
  });
});

// The platform admin sets a company's single sign-on and SCIM token as its hr can, with hr's cards.
describe("/admin company details → Single sign-on and SCIM", () => {
  const openGlobex = async (user: ReturnType<typeof userEvent.setup>) => {
    renderApp(<AppRoutes />, { path: "/admin", session: admin });
    await user.click(await screen.findByRole("button", { name: "Details and history of Globex" }));
    return screen.findByRole("dialog", { name: "Globex" });
  };
  const sectionOf = async (dialog: HTMLElement, heading: string) => within((await within(dialog).findByRole("heading", { name: heading })).closest("section")!);

  it("shows the company's OpenID Connect settings and saves them through the admin's path for that company, never hr's", async () => {
    const path = "/api/b2b/v1/admin/companies/2/sso/oidc/";
    const connection = {
      issuer: "https://login.globex.test",
      client_id: "learnward",
      client_secret_set: true,
      enabled: false,
      require_sso: false,
      redirect_uri: "http://localhost:3000/api/auth/sso/oidc/callback",
      updated_at: "2026-11-25T10:00:00Z",
    };
    const fetch = serveAdmin({
      [`GET ${path}`]: { body: connection },
      [`PUT ${path}`]: (_url, body) => ({ body: { ...connection, ...(body as object), updated_at: "2026-11-26T10:00:00Z" } }),
      "GET /api/b2b/v1/admin/companies/2/scim-token/": { body: { active: false, prefix: null, created_at: null, last_used_at: null, base_url: "x" } },
    });
    const user = userEvent.setup();
    const section = await sectionOf(await openGlobex(user), "Single sign-on");
    expect(await section.findByLabelText(/^Issuer URL/)).toHaveValue("https://login.globex.test");
    expect(section.getByText(connection.redirect_uri)).toBeInTheDocument();
    await user.click(section.getByLabelText("Sign in through this provider"));
    await user.click(section.getByRole("button", { name: "Save single sign-on" }));
    await waitFor(() =>
      expect(callsOf(fetch).filter((c) => c.method === "PUT")).toEqual([
        { method: "PUT", url: path, body: { issuer: "https://login.globex.test", client_id: "learnward", enabled: true, require_sso: false } },
      ]),
    );
    expect(callsOf(fetch).some((c) => c.url.startsWith("/api/b2b/v1/company/"))).toBe(false);
  });

  it("creates the company's SCIM token through the admin's path for that company and shows it once, never calling hr's", async () => {
    const path = "/api/b2b/v1/admin/companies/2/scim-token/";
    const base = "http://localhost:3000/scim/v2";
    const secret = "lwscim_globex0123456789abcdefghijklmnopqrstuvwxyz";
    const fetch = serveAdmin({
      "GET /api/b2b/v1/admin/companies/2/sso/oidc/": {
        body: { issuer: null, client_id: null, client_secret_set: false, enabled: false, require_sso: false, redirect_uri: "x", updated_at: null },
      },
      [`GET ${path}`]: { body: { active: false, prefix: null, created_at: null, last_used_at: null, base_url: base } },
      [`POST ${path}`]: {
        body: { active: true, prefix: secret.slice(0, 12), created_at: "2026-11-26T10:00:00Z", last_used_at: null, base_url: base, token: secret },
      },
    });
    const user = userEvent.setup();
    const section = await sectionOf(await openGlobex(user), "Directory provisioning (SCIM)");
    expect(await section.findByRole("textbox", { name: "SCIM base URL" })).toHaveValue(base);
    await user.click(section.getByRole("button", { name: "Create a token" }));
    expect(await section.findByRole("textbox", { name: "Bearer token (shown only now)" })).toHaveValue(secret);
    expect(callsOf(fetch).filter((c) => c.method === "POST")).toEqual([{ method: "POST", url: path, body: {} }]);
    expect(callsOf(fetch).some((c) => c.url.startsWith("/api/b2b/v1/company/"))).toBe(false);
  });
  it("connects the company's SAML provider through the admin's path for that company, never hr's", async () => {
    const path = "/api/b2b/v1/admin/companies/2/sso/saml/";
    const sp = "http://localhost:3000/api/sso/saml/2/metadata";
    const none = {
      idp_entity_id: null,
      sso_url: null,
      metadata_url: null,
      metadata_xml: null,
      enabled: false,
      require_sso: false,
      sp_entity_id: sp,
      acs_url: "http://localhost:3000/api/auth/sso/saml/2/acs",
      sp_metadata_url: sp,
      updated_at: null,
    };
    const fetch = serveAdmin({
      [`GET ${path}`]: { body: none },
      [`PUT ${path}`]: (_url, body) => ({
        body: { ...none, ...(body as object), idp_entity_id: "https://idp.globex.test", updated_at: "2026-11-26T10:00:00Z" },
      }),
    });
    const user = userEvent.setup();
    const section = await sectionOf(await openGlobex(user), "SAML single sign-on");
    expect(await section.findByLabelText("Entity ID (audience)")).toHaveValue(sp);
    await user.type(section.getByLabelText(/^Metadata URL/), "https://idp.globex.test/metadata");
    await user.click(section.getByLabelText("Sign in through this SAML provider"));
    await user.click(section.getByRole("button", { name: "Save SAML single sign-on" }));
    await waitFor(() =>
      expect(callsOf(fetch).filter((c) => c.method === "PUT")).toEqual([
        { method: "PUT", url: path, body: { metadata_url: "https://idp.globex.test/metadata", enabled: true, require_sso: false } },
      ]),
    );
    expect(callsOf(fetch).some((c) => c.url.startsWith("/api/b2b/v1/company/"))).toBe(false);
  });
});
