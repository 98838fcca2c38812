import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SamlConnection } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { renderApp, reply, signedIn } from "../../test/render";
import { ACS, SAML, SP, samlNone, serveSettings } from "./testing";
import { itShowsConnectionToHrOnly } from "./connectionCard";

// hr connects the company's SAML 2.0 identity provider from /setting.

afterEach(() => vi.unstubAllGlobals());

const card = async () => within((await screen.findByRole("heading", { name: "SAML single sign-on" })).closest("section")!);

describe("/setting → SAML single sign-on", () => {
  itShowsConnectionToHrOnly({
    path: SAML,
    section: "saml-heading",
    refused: "member",
    heading: "SAML single sign-on",
    loading: "Loading the SAML settings",
    schema: SamlConnection,
    saved: samlNone,
    loaded: async (section) => {
      expect(await section.findByLabelText("Entity ID (audience)")).toHaveValue(SP);
    },
  });

  it("shows hr our entity ID, ACS URL and metadata link to register at the IdP", async () => {
    serveSettings();
    renderApp(<AppRoutes />, { path: "/setting#saml-heading", session: signedIn("hr") });
    const section = await card();
    expect(await section.findByLabelText("Entity ID (audience)")).toHaveValue(SP);
    expect(section.getByLabelText("Assertion Consumer Service (ACS) URL")).toHaveValue(ACS);
    expect(section.getByRole("link", { name: "Download Learnward's SAML metadata" })).toHaveAttribute("href", SP);
  });

  it("connects the IdP from pasted metadata, showing the server's refusal on its field", { timeout: 40_000 }, async () => {
    let refuse = true;
    const { sent } = serveSettings({
      [`PUT ${SAML}`]: ({ body }) =>
        refuse
          ? { status: 400, body: { error: { code: "sso_metadata_invalid", message: "x", details: { field: "metadata_xml" } } } }
          : reply(SamlConnection, {
              ...samlNone,
              ...(body as object),
              idp_entity_id: "https://idp.acme.test",
              sso_url: "https://idp.acme.test/sso",
              updated_at: "2026-11-26T10:00:00Z",
            }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#saml-heading", session: signedIn("hr") });
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
    const { sent } = serveSettings({ [`PUT ${SAML}`]: ({ body }) => reply(SamlConnection, { ...samlNone, ...(body as object), idp_entity_id: "x" }) });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#saml-heading", session: signedIn("hr") });
    const section = await card();
    await user.type(await section.findByLabelText(/^Metadata URL/), "https://idp.acme.test/metadata");
    await user.click(section.getByLabelText("Sign in through this SAML provider"));
    await user.click(section.getByLabelText("Require single sign-on (passwords stop working)"));
    await user.click(section.getByRole("button", { name: "Save SAML single sign-on" }));
    expect(await screen.findByText("SAML single sign-on saved")).toBeInTheDocument();
    expect(sent(`PUT ${SAML}`).at(-1)).toEqual({ metadata_url: "https://idp.acme.test/metadata", enabled: true, require_sso: true });
  });
});
