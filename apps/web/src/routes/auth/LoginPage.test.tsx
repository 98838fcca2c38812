import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppRoutes } from "../../app/router";
import { meFor, renderApp, serveFetch, stubFetch } from "../../test/render";
import { LocationProbe } from "../../test/LocationProbe";

const app = (
  <>
    <AppRoutes />
    <LocationProbe />
  </>
);

const company = { id: 1, name: "Acme", domain: "acme.test", url_photo: null, currency: "USD", status: "active" };
const emptyPage = { count: 0, next: null, previous: null, results: [] };

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    stubFetch({
      "POST /api/auth/sign-in/email": { status: 401, body: { error: { code: "invalid_credentials", message: "Email or password incorrect" } } },
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("LoginPage", () => {
  it("says the address is confirmed where a confirmation link lands, and when the link was bad (issue 22)", async () => {
    renderApp(app, { path: "/login?verified=1" });
    expect(await screen.findByText("Your email address is confirmed. Sign in to continue.")).toBeInTheDocument();
  });

  it("says a confirmation link was invalid when better-auth says so", async () => {
    renderApp(app, { path: "/login?verified=1&error=INVALID_TOKEN" });
    expect(await screen.findByText(/That confirmation link is invalid or has expired/)).toBeInTheDocument();
    expect(screen.queryByText(/Your email address is confirmed/)).not.toBeInTheDocument();
  });

  it("shows the spec's messages for an invalid email and a short password (spec §5)", async () => {
    const user = userEvent.setup();
    renderApp(app, { path: "/login" });
    await user.type(await screen.findByLabelText(/^Email/), "not-an-email");
    await user.type(screen.getByLabelText(/^Password/), "123");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Invalid email")).toBeInTheDocument();
    expect(screen.getByText("Min length 6 characters")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute("aria-invalid", "true");
  });

  it("shows 'Email or password incorrect' when the server refuses the credentials", async () => {
    const user = userEvent.setup();
    renderApp(app, { path: "/login" });
    await user.type(await screen.findByLabelText(/^Email/), "member@acme.test");
    await user.type(screen.getByLabelText(/^Password/), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Email or password incorrect");
  });

  it("goes back to where the user was going after signing in", async () => {
    let signedIn = false;
    serveFetch({
      "POST /api/auth/sign-in/email": () => {
        signedIn = true;
        return { body: { token: "t" } };
      },
      "GET /api/session": () => ({ body: { me: signedIn ? meFor("hr") : null } }),
      "GET /api/b2b/v1/profile/acme.test": { body: company },
      "GET /api/b2b/v1/onboarding/": { body: emptyPage },
    });
    const user = userEvent.setup();
    renderApp(app, { path: "/login?next=%2Fdiscover" });
    await user.type(await screen.findByLabelText(/^Email/), "hr@acme.test");
    await user.type(screen.getByLabelText(/^Password/), "learnward-demo");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Discover" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/discover$/);
  });

  it("says so when the signed-in user has no account (spec §4)", async () => {
    renderApp(app, { path: "/login", session: { status: "signedOut", reason: "accountMissing" } });
    expect(await screen.findByRole("alert")).toHaveTextContent("Your account does not exist");
  });
});

// Issue 27: people of a company that signs in through its identity provider.
describe("LoginPage single sign-on", () => {
  it("sends a person of an SSO company to their provider with only their email", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    serveFetch({
      "POST /api/sso/lookup": ({ body }) => ({
        body: { sso: true, redirect_url: `/api/auth/sso/oidc/start?email=${encodeURIComponent((body as { email: string }).email)}`, require_sso: true },
      }),
    });
    const user = userEvent.setup();
    renderApp(app, { path: "/login" });
    await user.type(await screen.findByLabelText(/^Email/), "ana@acme.test");
    await user.click(screen.getByRole("button", { name: "Continue with single sign-on" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/api/auth/sso/oidc/start?email=ana%40acme.test"));
  });

  it("says so when the address's company has no single sign-on", async () => {
    serveFetch({ "POST /api/sso/lookup": { body: { sso: false, redirect_url: null, require_sso: false } } });
    const user = userEvent.setup();
    renderApp(app, { path: "/login" });
    await user.type(await screen.findByLabelText(/^Email/), "ana@elsewhere.test");
    await user.click(screen.getByRole("button", { name: "Continue with single sign-on" }));
    expect(await screen.findByText("Your company does not use single sign-on: sign in with your password.")).toBeInTheDocument();
  });

  it("asks for a valid email before looking for single sign-on", async () => {
    const user = userEvent.setup();
    renderApp(app, { path: "/login" });
    await user.type(await screen.findByLabelText(/^Email/), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Continue with single sign-on" }));
    expect(await screen.findByText("Invalid email")).toBeInTheDocument();
  });

  it("explains why a single sign-on came back refused", async () => {
    renderApp(app, { path: "/login?error=sso_token_invalid" });
    expect(await screen.findByRole("alert")).toHaveTextContent("Your identity provider's answer could not be trusted. Try again, or ask your IT team.");
  });

  it("says a password does not work where the company requires single sign-on", async () => {
    serveFetch({
      "POST /api/auth/sign-in/email": { status: 403, body: { error: { code: "sso_required", message: "x" } } },
    });
    const user = userEvent.setup();
    renderApp(app, { path: "/login" });
    await user.type(await screen.findByLabelText(/^Email/), "ana@acme.test");
    await user.type(screen.getByLabelText(/^Password/), "learnward-demo");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your company signs in through its identity provider: continue with single sign-on");
  });
});
