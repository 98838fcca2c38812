import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppRoutes } from "../../app/router";
import { renderApp, serveFetch } from "../../test/render";

afterEach(() => vi.unstubAllGlobals());

async function register(code: string, message: string, status = 403) {
  serveFetch({ "POST /api/auth/sign-up/email": { status, body: { error: { code, message } } } });
  const user = userEvent.setup();
  renderApp(<AppRoutes />, { path: "/register" });
  await user.type(await screen.findByLabelText(/^Full name/), "New Person");
  await user.type(screen.getByLabelText(/^Email/), "new@elsewhere.test");
  await user.type(screen.getByLabelText(/^Password/), "long-enough");
  await user.click(screen.getByRole("button", { name: "Create account" }));
  return screen.findByRole("alert");
}

describe("RegisterPage", () => {
  it("shows the spec's message when the email may not register (spec §5)", async () => {
    expect(await register("registration_not_allowed", "x")).toHaveTextContent("Email is currently not allowed to register");
  });

  it("asks the person to confirm their address once the server accepts the sign-up", async () => {
    serveFetch({ "POST /api/auth/sign-up/email": { status: 200, body: { token: null, user: { id: "x" } } } });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/register" });
    await user.type(await screen.findByLabelText(/^Full name/), "New Person");
    await user.type(screen.getByLabelText(/^Email/), "new@acme.test");
    await user.type(screen.getByLabelText(/^Password/), "long-enough");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByRole("status")).toHaveTextContent("we have sent a link to new@acme.test");
  });

  it("falls back to the server's message for codes it does not know", async () => {
    expect(await register("some_new_code", "Something specific")).toHaveTextContent("Something specific");
  });

  it("says 'We had a error' otherwise (spec §5)", async () => {
    expect(await register("some_new_code", "stack trace", 502)).toHaveTextContent("We had a error");
  });

  it("validates before calling the server", async () => {
    const { fetch } = serveFetch({});
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/register" });
    await user.click(await screen.findByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Required")).toBeInTheDocument();
    expect(screen.getByText("Invalid email")).toBeInTheDocument();
    expect(screen.getByText("Min length 6 characters")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalledWith("/api/auth/sign-up/email", expect.anything());
  });
});
