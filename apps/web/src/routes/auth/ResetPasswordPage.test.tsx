import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppRoutes } from "../../app/router";
import { renderApp, serveFetch } from "../../test/render";
import { LocationProbe } from "../../test/LocationProbe";

afterEach(() => vi.unstubAllGlobals());

const app = (
  <>
    <AppRoutes />
    <LocationProbe />
  </>
);

describe("/reset-password as the link that confirms a new address", () => {
  it("asks for the password that confirms the address, then lands on sign-in saying it is confirmed", async () => {
    const { fetch } = serveFetch({ "POST /api/auth/reset-password": { body: { status: true } } });
    const user = userEvent.setup();
    renderApp(app, { path: "/reset-password?confirm=1&token=abc" });
    expect(await screen.findByRole("heading", { level: 1, name: "Confirm your email address" })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), "owners-pass");
    await user.type(screen.getByLabelText(/^Repeat the new password/), "owners-pass");
    await user.click(screen.getByRole("button", { name: "Confirm and save password" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login?verified=1"));
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === "POST").map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);
    expect(posts).toEqual([["/api/auth/reset-password", { token: "abc", newPassword: "owners-pass" }]]);
  });

  it("says a spent confirmation link is no longer valid and offers a new one", async () => {
    serveFetch({});
    renderApp(app, { path: "/reset-password?confirm=1&error=INVALID_TOKEN" });
    expect(await screen.findByRole("alert")).toHaveTextContent("This confirmation link is not valid any more");
    expect(screen.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/forgot-password");
  });
});
