import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Me, Role } from "@learnward/contracts";
import { AppRoutes } from "./router";
import { meFor, renderApp, serveFetch, signedIn } from "../test/render";
import type { StubAnswer, StubRoutes } from "../test/fetch";
import { LocationProbe } from "../test/LocationProbe";

// Someone whose role requires two-factor sign-in and who has not set it up sees only the
// page that sets it up; the server refuses them everything else.

const app = (
  <>
    <AppRoutes />
    <LocationProbe />
  </>
);
const emptyPage = { count: 0, next: null, previous: null, results: [] };
const refused: StubAnswer = { status: 403, body: { error: { code: "two_factor_required", message: "Set up two-factor sign-in to continue" } } };

/**
 * The real server's rule: while `state.twoFactor` says required and not enabled, every call but the
 * session and /api/auth is refused. Records the calls.
 */
function serve(role: Role, twoFactor: Me["account"]["two_factor"], answers: Partial<StubRoutes> = {}) {
  const state = { twoFactor };
  const gated = () => state.twoFactor.required && !state.twoFactor.enabled;
  const open = (answer: StubAnswer) => () => (gated() ? refused : answer);
  const { calls } = serveFetch({
    "GET /api/b2b/v1/admin/companies/": open({ body: emptyPage }),
    "GET /api/b2b/v1/admin/audit/": open({ body: emptyPage }),
    "GET /api/b2b/v1/onboarding/": open({ body: emptyPage }),
    "GET /api/b2b/v1/profile/acme.test": open({ body: meFor("hr").company }),
    "GET /api/session": () => ({ body: { me: meFor(role, { two_factor: state.twoFactor }) } }),
    "*": () => (gated() ? refused : undefined),
    ...answers,
  });
  return { state, calls: () => calls().map(({ call }) => call) };
}

afterEach(() => vi.unstubAllGlobals());

const gatePage = () => screen.findByRole("heading", { level: 1, name: "Your role requires two-factor sign-in" });

describe("the two-factor gate", () => {
  it("shows an admin without an authenticator the set-up page instead of the admin area, asking the API nothing else", async () => {
    const server = serve("admin", { enabled: false, required: true });
    renderApp(app, { path: "/admin", session: signedIn("admin", { two_factor: { enabled: false, required: true } }) });
    expect(await gatePage()).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign out" })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Main menu" })).not.toBeInTheDocument();
    expect(server.calls()).toEqual([]);
  });

  it("sets it up there, shows the backup codes, then opens the app", { timeout: 40_000 }, async () => {
    const server = serve(
      "admin",
      { enabled: false, required: true },
      {
        "POST /api/auth/two-factor/enable": {
          body: { totpURI: "otpauth://totp/Learnward:admin%40acme.test?secret=JBSWY3DPEHPK3PXP&issuer=Learnward", backupCodes: ["aaaaa-11111"] },
        },
        "POST /api/auth/two-factor/verify-totp": { body: { token: "t" } },
      },
    );
    const user = userEvent.setup();
    renderApp(app, { path: "/admin", session: signedIn("admin", { two_factor: { enabled: false, required: true } }) });
    await user.type(await screen.findByLabelText(/^Password/), "learnward-demo");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.type(await screen.findByRole("textbox", { name: "Code from the app" }), "123456");
    server.state.twoFactor = { enabled: true, required: true };
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    // The codes show once: the page stays until the person says they saved them.
    expect(await screen.findByRole("list", { name: "Backup codes" })).toHaveTextContent("aaaaa-11111");
    expect(screen.getByRole("heading", { level: 1, name: "Your role requires two-factor sign-in" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "I have saved my codes" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Companies" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/admin$/);
  });

  it("signs out from it", async () => {
    const server = serve("admin", { enabled: false, required: true }, { "POST /api/auth/sign-out": { body: { success: true } } });
    const user = userEvent.setup();
    renderApp(app, { path: "/admin", session: signedIn("admin", { two_factor: { enabled: false, required: true } }) });
    await user.click(await screen.findByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/login$/));
    expect(server.calls()).toContain("POST /api/auth/sign-out");
  });

  it("takes over when the server starts requiring it during a visit (a company turned it on), rather than failing call after call", async () => {
    const server = serve("hr", { enabled: false, required: true });
    // The session the page started with was read before the company changed its rule.
    renderApp(app, { path: "/setting", session: signedIn("hr", { two_factor: { enabled: false, required: false } }) });
    expect(await gatePage()).toBeInTheDocument();
    expect(server.calls()).toContain("GET /api/session");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
