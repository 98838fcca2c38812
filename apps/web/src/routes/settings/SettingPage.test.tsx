import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NOTIFICATION_KINDS } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { meFor, renderApp, serveFetch, signedIn } from "../../test/render";

const me = meFor("hr");
const profile = { uid: me.user.uid, displayName: "Demo hr", photoURL: null, email: me.user.email, username: "hr", role: "hr", locale: "en" };

afterEach(() => vi.unstubAllGlobals());

function serve(overrides: Parameters<typeof serveFetch>[0] = {}) {
  const { fetch } = serveFetch({
    "GET /api/user/profile/": { body: profile },
    "PATCH /api/user/profile/": { body: { ...profile, displayName: "Hana Reyes", photoURL: "https://img.test/me.png" } },
    "POST /api/auth/change-password": { status: 401, body: { error: { code: "invalid_credentials", message: "Email or password incorrect" } } },
    "GET /api/b2b/v1/profile/acme.test": { body: me.company },
    "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
    "GET /api/me/notification-settings": { body: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, "immediately"])) },
    ...overrides,
  });
  return fetch;
}

describe("/setting menu", () => {
  it("leads to every section of the page: notifications and the calendar feed included", async () => {
    serve();
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("hr") });
    const notifications = await screen.findByRole("link", { name: "Notifications" });
    expect(notifications).toHaveAttribute("href", `#${(await screen.findByRole("heading", { name: "Notifications" })).id}`);
    const calendar = screen.getByRole("link", { name: "Calendar" });
    expect(calendar).toHaveAttribute("href", `#${(await screen.findByRole("heading", { name: "Calendar" })).id}`);
  });
});

describe("/setting → Personal Profile", () => {
  it("is the default item and saves name and photo with PATCH /api/user/profile/", async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("hr") });
    expect(await screen.findByRole("link", { name: "Personal Profile", current: "page" })).toBeInTheDocument();
    const name = await screen.findByLabelText(/^Name/);
    expect(name).toHaveValue("Demo hr");

    await user.clear(name);
    await user.type(name, "Hana Reyes");
    await user.type(screen.getByLabelText(/^Photo link/), "ftp://img.test/me.png");
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Enter a link that starts with http:// or https://")).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Photo link/));
    await user.type(screen.getByLabelText(/^Photo link/), "https://img.test/me.png");
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Profile saved")).toBeInTheDocument();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ displayName: "Hana Reyes", photoURL: "https://img.test/me.png", locale: "en" });
  });

  it("tells the user when the current password is wrong", async () => {
    serve();
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("hr") });
    await user.type(await screen.findByLabelText(/^Current password/), "not-it");
    await user.type(screen.getByLabelText(/^New password/), "new-password");
    await user.type(screen.getByLabelText(/^Repeat the new password/), "new-password");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("The current password is incorrect")).toBeInTheDocument();
  });

  it("checks that the new password is repeated", async () => {
    serve();
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("hr") });
    await user.type(await screen.findByLabelText(/^Current password/), "old-password");
    await user.type(screen.getByLabelText(/^New password/), "12");
    await user.type(screen.getByLabelText(/^Repeat the new password/), "different");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Min length 6 characters")).toBeInTheDocument();
    expect(screen.getByText("The passwords do not match")).toBeInTheDocument();
  });
});
