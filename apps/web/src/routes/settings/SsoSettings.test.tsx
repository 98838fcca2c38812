import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { OidcConnection } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { renderApp, reply, signedIn } from "../../test/render";
import { OIDC, REDIRECT, oidcNone, serveSettings } from "./testing";
import { itShowsConnectionToHrOnly } from "./connectionCard";

// hr connects the company's OpenID Connect provider from /setting.

afterEach(() => vi.unstubAllGlobals());

const card = async () => within((await screen.findByRole("heading", { name: "Single sign-on" })).closest("section")!);

describe("/setting → Single sign-on", () => {
  itShowsConnectionToHrOnly({
    path: OIDC,
    section: "sso-heading",
    refused: "ldleader",
    heading: "Single sign-on",
    loading: "Loading the single sign-on settings",
    schema: OidcConnection,
    saved: oidcNone,
    loaded: async (section) => {
      expect(await section.findByText(REDIRECT)).toBeInTheDocument();
    },
  });

  it("shows hr the redirect URI to register at the provider, read from hr's own path", async () => {
    const { calls } = serveSettings();
    renderApp(<AppRoutes />, { path: "/setting#sso-heading", session: signedIn("hr") });
    const section = await card();
    expect(await section.findByText(REDIRECT)).toBeInTheDocument();
    expect(section.getByLabelText(/^Issuer URL/)).toHaveValue("");
    // The admin's company-keyed path is the platform admin's alone.
    expect(calls().map((c) => c.call)).toContain(`GET ${OIDC}`);
    expect(calls().filter((c) => c.call.includes("/admin/"))).toEqual([]);
  });

  it("connects the provider, showing the server's refusal of the issuer on its field", { timeout: 40_000 }, async () => {
    let refuse = true;
    const { sent } = serveSettings({
      "PUT /api/b2b/v1/company/sso/oidc/": ({ body }) =>
        refuse
          ? { status: 400, body: { error: { code: "sso_issuer_invalid", message: "x", details: { field: "issuer" } } } }
          : reply(OidcConnection, {
              ...oidcNone,
              ...(body as object),
              client_secret_set: true,
              updated_at: "2026-11-26T10:00:00Z",
              client_secret: undefined,
            } as never),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#sso-heading", session: signedIn("hr") });
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
    const saved = { ...oidcNone, issuer: "https://login.acme.test", client_id: "learnward", client_secret_set: true, enabled: true };
    const { sent } = serveSettings({
      "GET /api/b2b/v1/company/sso/oidc/": reply(OidcConnection, saved),
      "PUT /api/b2b/v1/company/sso/oidc/": reply(OidcConnection, { ...saved, require_sso: true }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#sso-heading", session: signedIn("hr") });
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
