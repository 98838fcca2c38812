import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppRoutes } from "../../app/router";
import { renderApp, serveFetch } from "../../test/render";
import { LocationProbe } from "../../test/LocationProbe";

afterEach(() => vi.unstubAllGlobals());

const TOKEN = "c2lnbmVkLWJ5LXRoZS1vd25lcg";
/** The stub routes by path; the page asks with the token in the query. */
const INFO = "GET /api/auth/sso/link";
const info = { email: "ana@acme.test", company: "Acme", protocol: "oidc", issuer: "https://login.acme.test" };

const app = (
  <>
    <AppRoutes />
    <LocationProbe />
  </>
);

describe("/sso/link", () => {
  it("says a link was mailed when a sign-in through the provider named an existing account", async () => {
    serveFetch({});
    renderApp(app, { path: "/sso/link" });
    expect(await screen.findByRole("heading", { level: 1, name: "Check your mail" })).toBeInTheDocument();
    expect(screen.getByText(/mailed you a link/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to sign-in" })).toHaveAttribute("href", "/login");
  });

  it("shows which account, company and provider; links from the keyboard; then offers to sign in", async () => {
    const { fetch } = serveFetch({
      [INFO]: { body: info },
      "POST /api/auth/sso/link/confirm": { body: { linked: true, email: info.email } },
    });
    const user = userEvent.setup();
    renderApp(app, { path: `/sso/link?token=${TOKEN}` });
    expect(await screen.findByRole("heading", { level: 1, name: "Link your account to your company's sign-in" })).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain(`/api/auth/sso/link?token=${TOKEN}`);
    expect(await screen.findByText("ana@acme.test")).toBeInTheDocument();
    expect(screen.getByText("Acme")).toBeInTheDocument();
    expect(screen.getByText("OpenID Connect · https://login.acme.test")).toBeInTheDocument();

    // Reached with Tab and pressed with Enter, as a keyboard user would.
    const link = screen.getByRole("button", { name: "Link my account" });
    while (document.activeElement !== link) await user.tab();
    await user.keyboard("{Enter}");

    expect(await screen.findByText(/Your account is linked/)).toBeInTheDocument();
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === "POST").map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);
    expect(posts).toEqual([["/api/auth/sso/link/confirm", { token: TOKEN }]]);
    await user.click(screen.getByRole("link", { name: "Sign in" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
  });

  it("declines: nothing is linked", async () => {
    const { fetch } = serveFetch({
      [INFO]: { body: info },
      "POST /api/auth/sso/link/decline": { body: { linked: false } },
    });
    const user = userEvent.setup();
    renderApp(app, { path: `/sso/link?token=${TOKEN}` });
    await user.click(await screen.findByRole("button", { name: "It wasn't me" }));
    expect(await screen.findByText(/Nothing was linked/)).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain("/api/auth/sso/link/confirm");
  });

  it("says when the link is invalid or used", async () => {
    serveFetch({ [INFO]: { status: 400, body: { error: { code: "invalid_token", message: "x" } } } });
    renderApp(app, { path: `/sso/link?token=${TOKEN}` });
    expect(await screen.findByRole("alert")).toHaveTextContent(/invalid, was already used, or has expired/);
    expect(screen.queryByRole("button", { name: "Link my account" })).toBeNull();
  });
});
