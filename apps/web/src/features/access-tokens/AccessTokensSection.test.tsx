import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { AccessToken, AccessTokenList, CreateAccessTokenResponse } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { meFor, renderApp, reply, serveFetch, signedIn } from "../../test/render";

// Settings → Access tokens: personal access tokens for the browser extension and scripts.

const me = meFor("member");
const profile = { uid: me.user.uid, displayName: "Demo member", photoURL: null, email: me.user.email, username: "member", role: "member", locale: "en" };
const SECRET = `lw_pat_${"k".repeat(43)}`;
const laptop: AccessToken = {
  id: 5,
  name: "Work laptop",
  prefix: "lw_pat_AbCd",
  created_at: "2026-11-20T10:00:00.000Z",
  last_used_at: "2026-11-28T09:00:00.000Z",
  expires_at: null,
};
const script: AccessToken = {
  id: 6,
  name: "Nightly script",
  prefix: "lw_pat_EfGh",
  created_at: "2026-11-21T10:00:00.000Z",
  last_used_at: null,
  expires_at: "2027-02-19T10:00:00.000Z",
};

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18next.changeLanguage("en");
});

function serve(initial: AccessToken[], routes: Parameters<typeof serveFetch>[0] = {}) {
  let tokens = initial;
  return serveFetch({
    "GET /api/user/profile/": { body: profile },
    "GET /api/b2b/v1/profile/acme.test": { body: me.company },
    "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
    "GET /api/me/access-tokens": () => reply(AccessTokenList, tokens),
    "POST /api/me/access-tokens": ({ body }) => {
      const { name, expires_in_days } = body as { name: string; expires_in_days: number | null };
      const made = {
        id: 9,
        name,
        prefix: "lw_pat_kkkk",
        created_at: new Date().toISOString(),
        last_used_at: null,
        expires_at: expires_in_days ? "2026-12-29T10:00:00.000Z" : null,
      };
      tokens = [made, ...tokens];
      return reply(CreateAccessTokenResponse, { ...made, token: SECRET }, 201);
    },
    "DELETE /api/me/access-tokens/5": () => {
      tokens = tokens.filter((t) => t.id !== 5);
      return { status: 204 };
    },
    ...routes,
  });
}

async function openSection() {
  renderApp(<AppRoutes />, { path: "/setting#access-tokens-heading", session: signedIn("member") });
  return screen.findByRole("region", { name: "Access tokens" });
}

describe("/setting → Access tokens", () => {
  it("is in the settings menu and lists my tokens with when they were made, last used and expire", async () => {
    serve([laptop, script]);
    const section = await openSection();
    expect(screen.getByRole("link", { name: "Access tokens" })).toHaveAttribute(
      "href",
      `/setting#${within(section).getByRole("heading", { name: "Access tokens" }).id}`,
    );
    const list = await within(section).findByRole("list", { name: "Your tokens" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Work laptop");
    expect(rows[0]).toHaveTextContent("Starts with lw_pat_AbCd…");
    expect(rows[0]).toHaveTextContent(/Created Nov 20, 2026/);
    expect(rows[0]).toHaveTextContent(/Last used Nov 28, 2026/);
    expect(rows[0]).toHaveTextContent("Never expires");
    expect(rows[1]).toHaveTextContent("Never used");
    expect(rows[1]).toHaveTextContent(/Expires Feb 19, 2027/);
    expect(within(rows[1]!).getByRole("button", { name: "Revoke Nightly script" })).toBeInTheDocument();
  });

  it("says so when I have none", async () => {
    serve([]);
    const section = await openSection();
    expect(await within(section).findByText("You have no access tokens yet.")).toBeInTheDocument();
  });

  it("makes a named token with an expiry and shows it once, focused, with a copy button", async () => {
    const { sent } = serve([laptop]);
    const user = userEvent.setup();
    const section = await openSection();
    await within(section).findByRole("list", { name: "Your tokens" });

    await user.type(within(section).getByRole("textbox", { name: "Token name" }), "Browser extension");
    await user.selectOptions(within(section).getByRole("combobox", { name: "Expires" }), "In 30 days");
    await user.click(within(section).getByRole("button", { name: "Create token" }));

    const field = await within(section).findByRole("textbox", { name: "Your new token" });
    expect(field).toHaveValue(SECRET);
    expect(field).toHaveAttribute("readonly");
    await waitFor(() => expect(field).toHaveFocus());
    expect(sent("POST /api/me/access-tokens")).toEqual([{ name: "Browser extension", expires_in_days: 30 }]);
    expect(within(section).getByText(/it won't be shown again/)).toBeInTheDocument();

    await user.click(within(section).getByRole("button", { name: "Copy token" }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText("Token copied")).toBeInTheDocument();

    // The list shows the new token (never its secret), and Done puts the secret away for good.
    const list = within(section).getByRole("list", { name: "Your tokens" });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
    expect(list).not.toHaveTextContent(SECRET);
    await user.click(within(section).getByRole("button", { name: "Done" }));
    expect(within(section).queryByRole("textbox", { name: "Your new token" })).not.toBeInTheDocument();
    expect(within(section).getByRole("textbox", { name: "Token name" })).toHaveValue("");
  });

  it("asks for a name before sending anything", async () => {
    const { sent } = serve([]);
    const user = userEvent.setup();
    const section = await openSection();
    await user.click(within(section).getByRole("button", { name: "Create token" }));
    expect(await within(section).findByText("Required")).toBeInTheDocument();
    expect(sent("POST /api/me/access-tokens")).toHaveLength(0);
  });

  it("revokes a token only once I confirm", async () => {
    const { sent } = serve([laptop, script]);
    const user = userEvent.setup();
    const section = await openSection();
    await user.click(await within(section).findByRole("button", { name: "Revoke Work laptop" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke “Work laptop”?" });
    expect(dialog).toHaveTextContent("stops working at once");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sent("DELETE /api/me/access-tokens/5")).toHaveLength(0);

    await user.click(within(section).getByRole("button", { name: "Revoke Work laptop" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("“Work laptop” revoked")).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByRole("listitem")).toHaveLength(1));
    expect(within(section).getByRole("list", { name: "Your tokens" })).not.toHaveTextContent("Work laptop");
    expect(sent("DELETE /api/me/access-tokens/5")).toHaveLength(1);
  });

  it("shows the server's refusal in my language", async () => {
    serve([], { "POST /api/me/access-tokens": { status: 429, body: { error: { code: "rate_limited", message: "Too many requests" } } } });
    await i18next.changeLanguage("es");
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#access-tokens-heading", session: signedIn("member") });
    const section = await screen.findByRole("region", { name: "Tokens de acceso" });
    await user.type(within(section).getByRole("textbox", { name: "Nombre del token" }), "Script");
    await user.click(within(section).getByRole("button", { name: "Crear token" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent(/Demasiad/);
  });
});
