import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppRoutes } from "../../app/router";
import { meFor, renderApp, serveFetch, type StubRequest } from "../../test/render";
import { LocationProbe } from "../../test/LocationProbe";

// Someone with an authenticator gives its code after the password.

const app = (
  <>
    <AppRoutes />
    <LocationProbe />
  </>
);

const emptyPage = { count: 0, next: null, previous: null, results: [] };
const invalidCode = { status: 401, body: { error: { code: "invalid_code", message: "That code is not right" } } };

/**
 * The server of a person whose account asks for a second factor: the password answers a challenge,
 * `verify` answers the code; once it is accepted the session is theirs. Records each call's body.
 */
function serve(verify: Record<string, { status?: number; body?: unknown }>) {
  let signedIn = false;
  const bodies: Record<string, unknown> = {};
  const verifying = Object.fromEntries(
    Object.entries(verify).map(([key, answer]) => [
      key,
      ({ url, body }: StubRequest) => {
        bodies[url.pathname] = body;
        if ((answer.status ?? 200) < 300) signedIn = true;
        return answer;
      },
    ]),
  );
  serveFetch({
    "POST /api/sso/lookup": { body: { sso: false, redirect_url: null, require_sso: false } },
    "POST /api/auth/sign-in/email": ({ body }) => {
      bodies["/api/auth/sign-in/email"] = body;
      return { body: { twoFactorRedirect: true, twoFactorMethods: ["totp"] } };
    },
    "GET /api/session": () => ({ body: { me: signedIn ? meFor("hr") : null } }),
    "GET /api/b2b/v1/profile/acme.test": { body: meFor("hr").company },
    "GET /api/b2b/v1/onboarding/": { body: emptyPage },
    ...verifying,
  });
  return bodies;
}

async function signInWithPassword(path = "/login?next=%2Fdiscover") {
  const user = userEvent.setup();
  renderApp(app, { path });
  // The email first, then the password of an address without single sign-on.
  await user.type(await screen.findByLabelText(/^Email/), "hr@acme.test");
  await user.click(screen.getByRole("button", { name: "Continue" }));
  await user.type(await screen.findByLabelText(/^Password/), "learnward-demo");
  await user.click(screen.getByRole("button", { name: "Sign in" }));
  expect(await screen.findByRole("heading", { level: 1, name: "Enter your sign-in code" })).toBeInTheDocument();
  return user;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("sign-in with a second factor", () => {
  it("asks for the authenticator's code after the password, keeping where the person was going, and refuses a wrong code", async () => {
    const bodies = serve({ "POST /api/auth/two-factor/verify-totp": invalidCode });
    const user = await signInWithPassword();
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/login\/two-factor\?next=%2Fdiscover$/);
    const code = screen.getByRole("textbox", { name: "Code from the app" });
    // The phone's keyboard shows digits, and the browser may offer a code it received.
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");

    await user.type(code, "12a");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Enter the 6 digits the app shows.")).toBeInTheDocument();
    expect(bodies["/api/auth/two-factor/verify-totp"]).toBeUndefined();

    await user.clear(code);
    await user.type(code, "000000");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("That code is not right. Check your authenticator app and try again.")).toBeInTheDocument();
    expect(code).toHaveAttribute("aria-invalid", "true");
    expect(bodies["/api/auth/two-factor/verify-totp"]).toEqual({ code: "000000", trustDevice: false });
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/login\/two-factor/);
  });

  it("signs in with the right code, trusting the device when asked, and goes where the person was going", async () => {
    const bodies = serve({ "POST /api/auth/two-factor/verify-totp": { body: { token: "t" } } });
    const user = await signInWithPassword();
    // Apps show the code in two groups of three.
    await user.type(screen.getByRole("textbox", { name: "Code from the app" }), "123 456");
    await user.click(screen.getByRole("checkbox", { name: /Trust this device for 30 days/ }));
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/discover$/));
    expect(bodies["/api/auth/two-factor/verify-totp"]).toEqual({ code: "123456", trustDevice: true });
  });

  it("takes a backup code instead of the app's code", async () => {
    const bodies = serve({ "POST /api/auth/two-factor/verify-backup-code": { body: { token: "t" } } });
    const user = await signInWithPassword("/login");
    await user.click(screen.getByRole("button", { name: "Use a backup code instead" }));
    const code = screen.getByRole("textbox", { name: "Backup code" });
    await user.type(code, " Abcde-12345 ");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/home$/));
    expect(bodies["/api/auth/two-factor/verify-backup-code"]).toEqual({ code: "Abcde-12345", trustDevice: false });
  });

  it("says a used or wrong backup code is not right", async () => {
    serve({ "POST /api/auth/two-factor/verify-backup-code": invalidCode });
    const user = await signInWithPassword("/login");
    await user.click(screen.getByRole("button", { name: "Use a backup code instead" }));
    await user.type(screen.getByRole("textbox", { name: "Backup code" }), "abcde-12345");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("That backup code is not right, or it was used already.")).toBeInTheDocument();
  });

  it("says to sign in again when the attempt expired or had too many wrong codes", async () => {
    serve({ "POST /api/auth/two-factor/verify-totp": { status: 401, body: { error: { code: "two_factor_expired", message: "Sign in again" } } } });
    const user = await signInWithPassword();
    await user.type(screen.getByRole("textbox", { name: "Code from the app" }), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This sign-in attempt has expired");
    expect(screen.getByRole("link", { name: "Sign in again" })).toHaveAttribute("href", "/login?next=%2Fdiscover");
    expect(screen.queryByRole("textbox", { name: "Code from the app" })).not.toBeInTheDocument();
  });

  it("tells someone who opens it without signing in first to sign in", async () => {
    serve({});
    renderApp(app, { path: "/login/two-factor?next=%2Fhome" });
    expect(await screen.findByRole("alert")).toHaveTextContent("This sign-in attempt has expired or was not started on this browser");
    expect(screen.getByRole("link", { name: "Sign in again" })).toHaveAttribute("href", "/login?next=%2Fhome");
  });
});
