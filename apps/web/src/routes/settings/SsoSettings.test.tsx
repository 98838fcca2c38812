import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { OidcConnection, SamlConnection } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { meFor, renderApp, reply, serveFetch, signedIn } from "../../test/render";

// Issue 27: hr connects the company's OpenID Connect provider from /setting.
const me = meFor("hr");
const profile = { uid: me.user.uid, displayName: "Demo hr", photoURL: null, email: me.user.email, username: "hr", role: "hr", locale: "en" };
const SSO = "/api/b2b/v1/company/sso/oidc/";
const REDIRECT = "http://localhost:3000/api/auth/sso/oidc/callback";
const none = { issuer: null, client_id: null, client_secret_set: false, enabled: false, require_sso: false, redirect_uri: REDIRECT, updated_at: null };

afterEach(() => vi.unstubAllGlobals());

function serve(overrides: Parameters<typeof serveFetch>[0] = {}) {
  return serveFetch({
    "GET /api/user/profile/": { body: profile },
    "GET /api/b2b/v1/profile/acme.test": { body: me.company },
    "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
    "GET /api/b2b/v1/company/chat-hooks/": { body: { slack_webhook_url: null, teams_webhook_url: null, updated_at: null } },
    "GET /api/b2b/v1/company/sso/oidc/": reply(OidcConnection, none),
    "GET /api/b2b/v1/company/sso/saml/": reply(SamlConnection, {
      ...{ idp_entity_id: null, sso_url: null, metadata_url: null, metadata_xml: null, enabled: false, require_sso: false, updated_at: null },
      ...{ sp_entity_id: "http://sp", acs_url: "http://sp/acs", sp_metadata_url: "http://sp" },
    }),
    ...overrides,
  });
}

const card = async () => within((await screen.findByRole("heading", { name: "Single sign-on" })).closest("section")!);

describe("/setting → Single sign-on", () => {
  it("is not offered to anyone else", async () => {
    const { calls } = serve();
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("ldleader") });
    // The first page of a file loads cold: on a busy machine that is past the 5 s default.
    expect(await screen.findByRole("heading", { name: "Personal Profile" }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Single sign-on" })).not.toBeInTheDocument();
    expect(calls().map((c) => c.call)).not.toContain(`GET ${SSO}`);
  });

  it("shows hr the redirect URI to register at the provider, read from hr's own path", async () => {
    const { calls } = serve();
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("hr") });
    const section = await card();
    expect(await section.findByText(REDIRECT)).toBeInTheDocument();
    expect(section.getByLabelText(/^Issuer URL/)).toHaveValue("");
    // Issue 27: the admin's company-keyed path is the platform admin's alone.
    expect(calls().map((c) => c.call)).toContain(`GET ${SSO}`);
    expect(calls().filter((c) => c.call.includes("/admin/"))).toEqual([]);
  });

  it("says that it is loading while the connection is read", async () => {
    serve({ [`GET ${SSO}`]: { never: true } });
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("hr") });
    const section = await card();
    expect(section.getByRole("status")).toContainElement(section.getByRole("progressbar", { name: "Loading the single sign-on settings" }));
  });

  it("shows a failed read with a button that reads it again", async () => {
    let fail = true;
    serve({ [`GET ${SSO}`]: () => (fail ? { status: 500, body: { error: { code: "internal", message: "down" } } } : reply(OidcConnection, none)) });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("hr") });
    const section = await card();
    expect(await section.findByRole("alert")).toHaveTextContent("We had a error");
    fail = false;
    await user.click(section.getByRole("button", { name: "Try again" }));
    expect(await section.findByText(REDIRECT)).toBeInTheDocument();
    expect(section.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("connects the provider, showing the server's refusal of the issuer on its field", { timeout: 40_000 }, async () => {
    let refuse = true;
    const { sent } = serve({
      "PUT /api/b2b/v1/company/sso/oidc/": ({ body }) =>
        refuse
          ? { status: 400, body: { error: { code: "sso_issuer_invalid", message: "x", details: { field: "issuer" } } } }
          : reply(OidcConnection, {
              ...none,
              ...(body as object),
              client_secret_set: true,
              updated_at: "2026-11-26T10:00:00Z",
              client_secret: undefined,
            } as never),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("hr") });
    const section = await card();
    await user.type(await section.findByLabelText(/^Issuer URL/), "https://login.acme.test");
    await user.type(section.getByLabelText(/^Client ID/), "learnward");
    await user.type(section.getByLabelText(/^Client secret/), "s3cret");
    await user.click(section.getByLabelText("Sign in through this provider"));
    await user.click(section.getByRole("button", { name: "Save single sign-on" }));
    expect(await section.findByText(/No OpenID Connect provider answers at that issuer URL/)).toBeInTheDocument();
    expect(section.getByLabelText(/^Issuer URL/)).toHaveAttribute("aria-invalid", "true");

    refuse = false;
    await user.click(section.getByRole("button", { name: "Save single sign-on" }));
    expect(await screen.findByText("Single sign-on saved")).toBeInTheDocument();
    expect(sent("PUT /api/b2b/v1/company/sso/oidc/").at(-1)).toEqual({
      issuer: "https://login.acme.test",
      client_id: "learnward",
      client_secret: "s3cret",
      enabled: true,
      require_sso: false,
    });
  });

  it("keeps the saved secret when it is left empty", async () => {
    const saved = { ...none, issuer: "https://login.acme.test", client_id: "learnward", client_secret_set: true, enabled: true };
    const { sent } = serve({
      "GET /api/b2b/v1/company/sso/oidc/": reply(OidcConnection, saved),
      "PUT /api/b2b/v1/company/sso/oidc/": reply(OidcConnection, { ...saved, require_sso: true }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("hr") });
    const section = await card();
    expect(await section.findByLabelText(/^Issuer URL/)).toHaveValue("https://login.acme.test");
    await user.click(section.getByLabelText("Require single sign-on (passwords stop working)"));
    await user.click(section.getByRole("button", { name: "Save single sign-on" }));
    expect(await screen.findByText("Single sign-on saved")).toBeInTheDocument();
    expect(sent("PUT /api/b2b/v1/company/sso/oidc/").at(-1)).toEqual({
      issuer: "https://login.acme.test",
      client_id: "learnward",
      enabled: true,
      require_sso: true,
    });
  });
});
