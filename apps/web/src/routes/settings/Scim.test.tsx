import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CreateScimTokenResponse, ScimTokenStatus } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { renderApp, reply, signedIn, type StubRoutes } from "../../test/render";
import { serveSettings } from "./testing";

// hr connects the company's directory (Okta, Microsoft Entra ID) over SCIM from /setting.
const TOKEN = "/api/b2b/v1/company/scim-token/";
const BASE = "http://localhost:3000/scim/v2";
const SECRET = "lwscim_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG";
const none = { active: false, prefix: null, created_at: null, last_used_at: null, base_url: BASE };

afterEach(() => vi.unstubAllGlobals());

function serve(overrides: Partial<StubRoutes> = {}) {
  return serveSettings({
    [`GET ${TOKEN}`]: reply(ScimTokenStatus, none),
    [`POST ${TOKEN}`]: reply(CreateScimTokenResponse, {
      ...none,
      active: true,
      prefix: SECRET.slice(0, 12),
      created_at: "2026-11-26T10:00:00Z",
      token: SECRET,
    }),
    ...overrides,
  });
}

const card = async () => within((await screen.findByRole("heading", { name: "Directory provisioning (SCIM)" })).closest("section")!);

describe("/setting → Directory provisioning (SCIM)", () => {
  it("is not offered to anyone else", async () => {
    const { calls } = serve();
    renderApp(<AppRoutes />, { path: "/setting#scim-heading", session: signedIn("ldleader") });
    expect(await screen.findByRole("heading", { name: "Personal Profile" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Directory provisioning (SCIM)" })).not.toBeInTheDocument();
    expect(calls().map((c) => c.call)).not.toContain(`GET ${TOKEN}`);
  });

  it("shows hr the base URL, creates a token, shows it once with a copy button", async () => {
    const { sent, calls } = serve();
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#scim-heading", session: signedIn("hr") });
    const section = await card();
    expect(await section.findByRole("textbox", { name: "SCIM base URL" })).toHaveValue(BASE);
    expect(section.getByText("No token yet: your directory can't provision people.")).toBeInTheDocument();

    await user.click(section.getByRole("button", { name: "Create a token" }));
    const shown = await section.findByRole("textbox", { name: "Bearer token (shown only now)" });
    expect(shown).toHaveValue(SECRET);
    expect(sent(`POST ${TOKEN}`)).toHaveLength(1);
    await user.click(section.getByRole("button", { name: "Copy token" }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await waitFor(() => expect(section.getByText(/Token lwscim_01234… created/)).toBeInTheDocument());
    expect(section.getByRole("button", { name: "Rotate the token" })).toBeInTheDocument();
    // hr's card keeps hr's path; the company-keyed one is the platform admin's.
    expect(calls().filter((c) => c.call.includes("/admin/"))).toEqual([]);
  });
});
