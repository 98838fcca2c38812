import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { OidcConnection, SamlConnection } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { meFor, renderApp, reply, serveFetch, signedIn } from "../../test/render";

// Issue 27: hr connects the company's SAML 2.0 identity provider from /setting.
const me = meFor("hr");
const profile = { uid: me.user.uid, displayName: "Demo hr", photoURL: null, email: me.user.email, username: "hr", role: "hr", locale: "en" };
const SAML = "/api/b2b/v1/company/sso/saml/";
const SP = "http://localhost:3000/api/sso/saml/1/metadata";
const ACS = "http://localhost:3000/api/auth/sso/saml/1/acs";
const none = {
  idp_entity_id: null,
  sso_url: null,
  metadata_url: null,
  metadata_xml: null,
  enabled: false,
  require_sso: false,
  sp_entity_id: SP,
  acs_url: ACS,
  sp_metadata_url: SP,
  updated_at: null,
};
const oidcNone = { issuer: null, client_id: null, client_secret_set: false, enabled: false, require_sso: false, redirect_uri: "http://x/cb", updated_at: null };

afterEach(() => vi.unstubAllGlobals());

function serve(overrides: Parameters<typeof serveFetch>[0] = {}) {
  return serveFetch({
    "GET /api/user/profile/": { body: profile },
    "GET /api/b2b/v1/profile/acme.test": { body: me.company },
    "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
    "GET /api/b2b/v1/company/chat-hooks/": { body: { slack_webhook_url: null, teams_webhook_url: null, updated_at: null } },
    "GET /api/b2b/v1/company/sso/oidc/": reply(OidcConnection, oidcNone),
    [`GET ${SAML}`]: reply(SamlConnection, none),
    ...overrides,
  });
}

const card = async () => within((await screen.findByRole("heading", { name: "SAML single sign-on" })).closest("section")!);

describe("/setting → SAML single sign-on", () => {
  it("is not offered to anyone else", async () => {
    const { calls } = serve();
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("member") });
    // The first page of a file loads cold: on a busy machine that is past the 5 s default.
    expect(await screen.findByRole("heading", { name: "Personal Profile" }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "SAML single sign-on" })).not.toBeInTheDocument();
    expect(calls().map((c) => c.call)).not.toContain(`GET ${SAML}`);
  });

  it("shows hr our entity ID, ACS URL and metadata link to register at the IdP", async () => {
    serve();
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("hr") });
    const section = await card();
    expect(await section.findByLabelText("Entity ID (audience)")).toHaveValue(SP);
    expect(section.getByLabelText("Assertion Consumer Service (ACS) URL")).toHaveValue(ACS);
    expect(section.getByRole("link", { name: "Download Learnward's SAML metadata" })).toHaveAttribute("href", SP);
  });

  it("says that it is loading while the connection is read", async () => {
    serve({ [`GET ${SAML}`]: { never: true } });
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("hr") });
    const section = await card();
    expect(section.getByRole("status")).toContainElement(section.getByRole("progressbar", { name: "Loading the SAML settings" }));
  });

  it("shows a failed read with a button that reads it again", async () => {
    let fail = true;
    serve({ [`GET ${SAML}`]: () => (fail ? { status: 500, body: { error: { code: "internal", message: "down" } } } : reply(SamlConnection, none)) });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("hr") });
    const section = await card();
    expect(await section.findByRole("alert")).toHaveTextContent("We had a error");
    fail = false;
    await user.click(section.getByRole("button", { name: "Try again" }));
    expect(await section.findByLabelText("Entity ID (audience)")).toHaveValue(SP);
    expect(section.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("connects the IdP from pasted metadata, showing the server's refusal on its field", { timeout: 40_000 }, async () => {
    let refuse = true;
    const { sent } = serve({
      [`PUT ${SAML}`]: ({ body }) =>
        refuse
          ? { status: 400, body: { error: { code: "sso_metadata_invalid", message: "x", details: { field: "metadata_xml" } } } }
          : reply(SamlConnection, {
              ...none,
              ...(body as object),
              idp_entity_id: "https://idp.acme.test",
              sso_url: "https://idp.acme.test/sso",
              updated_at: "2026-11-26T10:00:00Z",
            }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("hr") });
    const section = await card();
    await user.click(await section.findByLabelText("Paste the XML"));
    await user.click(section.getByRole("button", { name: "Save SAML single sign-on" }));
    expect(section.getByLabelText(/^Metadata XML/)).toHaveAttribute("aria-invalid", "true");
    await user.type(section.getByLabelText(/^Metadata XML/), "<EntityDescriptor/>");
    await user.click(section.getByLabelText("Sign in through this SAML provider"));
    await user.click(section.getByRole("button", { name: "Save SAML single sign-on" }));
    expect(await section.findByText(/That SAML metadata cannot be used/)).toBeInTheDocument();

    refuse = false;
    await user.click(section.getByRole("button", { name: "Save SAML single sign-on" }));
    expect(await screen.findByText("SAML single sign-on saved")).toBeInTheDocument();
    expect(await section.findByText("Connected to https://idp.acme.test")).toBeInTheDocument();
    expect(sent(`PUT ${SAML}`).at(-1)).toEqual({ metadata_xml: "<EntityDescriptor/>", enabled: true, require_sso: false });
  });

  it("connects the IdP from its metadata URL", { timeout: 40_000 }, async () => {
    const { sent } = serve({ [`PUT ${SAML}`]: ({ body }) => reply(SamlConnection, { ...none, ...(body as object), idp_entity_id: "x" }) });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("hr") });
    const section = await card();
    await user.type(await section.findByLabelText(/^Metadata URL/), "https://idp.acme.test/metadata");
    await user.click(section.getByLabelText("Sign in through this SAML provider"));
    await user.click(section.getByLabelText("Require single sign-on (passwords stop working)"));
    await user.click(section.getByRole("button", { name: "Save SAML single sign-on" }));
    expect(await screen.findByText("SAML single sign-on saved")).toBeInTheDocument();
    expect(sent(`PUT ${SAML}`).at(-1)).toEqual({ metadata_url: "https://idp.acme.test/metadata", enabled: true, require_sso: true });
  });
});
