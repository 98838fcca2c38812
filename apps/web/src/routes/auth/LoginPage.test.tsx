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
const noSso = { sso: false, redirect_url: null, require_sso: false };

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    stubFetch({
      "POST /api/sso/lookup": { body: noSso },
      "POST /api/auth/sign-in/email": { status: 401, body: { error: { code: "invalid_credentials", message: "Email or password incorrect" } } },
    }),
  );
});

/** The email first; an address without single sign-on goes on to its password. */
async function toPasswordStep(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.click(screen.getByRole("button", { name: "Continue" }));
  return screen.findByLabelText(/^Password/);
}
afterEach(() => vi.unstubAllGlobals());

describe("LoginPage", () => {
  it("says the address is confirmed where a confirmation link lands, and when the link was bad", async () => {
    renderApp(app, { path: "/login?verified=1" });
    expect(await screen.findByText("Your email address is confirmed. Sign in to continue.")).toBeInTheDocument();
  });

  it("says a confirmation link was invalid when better-auth says so", async () => {
    renderApp(app, { path: "/login?verified=1&error=INVALID_TOKEN" });
    expect(await screen.findByText(/That confirmation link is invalid or has expired/)).toBeInTheDocument();
    expect(screen.queryByText(/Your email address is confirmed/)).not.toBeInTheDocument();
  });

  it("shows the spec's messages for an invalid email and a short password (spec §5)", async () => {
    const { sent } = serveFetch({ "POST /api/sso/lookup": { body: noSso } });
    const user = userEvent.setup();
    renderApp(app, { path: "/login" });
    await user.type(await screen.findByLabelText(/^Email/), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Invalid email")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute("aria-invalid", "true");
    expect(sent("POST /api/sso/lookup")).toEqual([]);

    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(await toPasswordStep(user, "member@acme.test"), "123");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Min length 6 characters")).toBeInTheDocument();
  });

  it("shows 'Email or password incorrect' when the server refuses the credentials", async () => {
    const user = userEvent.setup();
    renderApp(app, { path: "/login" });
    await user.type(await toPasswordStep(user, "member@acme.test"), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Email or password incorrect");
  });

  it("goes back to where the user was going after signing in", async () => {
    let signedIn = false;
    serveFetch({
      "POST /api/sso/lookup": { body: noSso },
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
    await user.type(await toPasswordStep(user, "hr@acme.test"), "learnward-demo");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Discover" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/discover$/);
  });

  it("says so when the signed-in user has no account (spec §4)", async () => {
    renderApp(app, { path: "/login", session: { status: "signedOut", reason: "accountMissing" } });
    expect(await screen.findByRole("alert")).toHaveTextContent("Your account does not exist");
  });
});

// People of a company that signs in through its identity provider.
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
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/api/auth/sso/oidc/start?email=ana%40acme.test"));
    // No password is asked of them.
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });

  it("asks only for the email first, then the password of an address without single sign-on, focused", async () => {
    const { sent } = serveFetch({ "POST /api/sso/lookup": { body: noSso } });
    const user = userEvent.setup();
    renderApp(app, { path: "/login" });
    await screen.findByLabelText(/^Email/);
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    const password = await toPasswordStep(user, "ana@elsewhere.test");
    expect(sent("POST /api/sso/lookup")).toEqual([{ email: "ana@elsewhere.test" }]);
    expect(password).toHaveFocus();
    expect(screen.getByText("ana@elsewhere.test")).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Email/)).not.toBeInTheDocument();
  });

  it("goes back to the email step with 'Use another email'", async () => {
    const user = userEvent.setup();
    renderApp(app, { path: "/login" });
    await toPasswordStep(user, "ana@elsewhere.test");
    await user.click(screen.getByRole("button", { name: "Use another email" }));
    const email = await screen.findByLabelText(/^Email/);
    expect(email).toHaveValue("ana@elsewhere.test");
    expect(email).toHaveFocus();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });

  it("says so and asks for the password when single sign-on cannot be checked", async () => {
    serveFetch({ "POST /api/sso/lookup": { status: 429, body: { error: { code: "rate_limited", message: "x" } } } });
    const user = userEvent.setup();
    renderApp(app, { path: "/login" });
    const password = await toPasswordStep(user, "ana@acme.test");
    expect(password).toHaveFocus();
    expect(screen.getByRole("alert")).toHaveTextContent("We could not check whether your company uses single sign-on: sign in with your password.");
  });

  it("asks for the password when the network fails during the check", async () => {
    const answer = stubFetch({});
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes("/api/sso/lookup") ? Promise.reject(new TypeError("Failed to fetch")) : answer(input, init),
    );
    const user = userEvent.setup();
    renderApp(app, { path: "/login" });
    await toPasswordStep(user, "ana@acme.test");
    expect(screen.getByRole("alert")).toHaveTextContent("We could not check whether your company uses single sign-on");
  });

  it("explains why a single sign-on came back refused", async () => {
    renderApp(app, { path: "/login?error=sso_token_invalid" });
    expect(await screen.findByRole("alert")).toHaveTextContent("Your identity provider's answer could not be trusted. Try again, or ask your IT team.");
  });

  it("says a password does not work where the company requires single sign-on", async () => {
    serveFetch({
      "POST /api/sso/lookup": { body: noSso },
      "POST /api/auth/sign-in/email": { status: 403, body: { error: { code: "sso_required", message: "x" } } },
    });
    const user = userEvent.setup();
    renderApp(app, { path: "/login" });
    await user.type(await toPasswordStep(user, "ana@acme.test"), "learnward-demo");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your company signs in through its identity provider: continue with single sign-on");
  });
});
