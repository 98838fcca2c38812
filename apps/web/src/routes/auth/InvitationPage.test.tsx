import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppRoutes } from "../../app/router";
import { meFor, renderApp, serveFetch } from "../../test/render";
import { LocationProbe } from "../../test/LocationProbe";

afterEach(() => vi.unstubAllGlobals());

const TOKEN = "JK2RJSdL9WqQwElMZ-3bz6lRRTEdG5dP839XaBeq_Js";
const INVITATION_URL = `/api/b2b/v1/invitations/${TOKEN}/`;
const invitation = (status: string) => ({
  id: 1,
  email: "new.hire@outside.test",
  role: "member",
  team: { id: 7, name: "Engineering" },
  company: { name: "Acme", domain: "acme.test" },
  invited_by: "Hana Reyes",
  expires_at: "2026-12-01T00:00:00.000Z",
  status,
});

const app = (
  <>
    <AppRoutes />
    <LocationProbe />
  </>
);

function serve(routes: Parameters<typeof serveFetch>[0]) {
  const { fetch } = serveFetch(routes);
  return fetch;
}

describe("/invitation/{token}", () => {
  it("shows the company, team and role, creates the account, signs in and goes to /home", async () => {
    const newcomer = meFor("member", { email: "new.hire@outside.test" });
    const fetch = serve({
      [`GET ${INVITATION_URL}`]: { body: invitation("pending") },
      [`POST ${INVITATION_URL}accept/`]: { status: 201, body: invitation("accepted") },
      "POST /api/auth/sign-in/email": { body: { redirect: false, token: "t" } },
      "GET /api/session": { body: { me: newcomer } },
      "GET /api/b2b/v1/profile/acme.test": { body: newcomer.company },
      "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
    });
    const user = userEvent.setup();
    renderApp(app, { path: `/invitation/${TOKEN}` });
    expect(await screen.findByRole("heading", { level: 1, name: "Join your team on Learnward" })).toBeInTheDocument();
    expect(await screen.findByText("Acme (acme.test)")).toBeInTheDocument();
    expect(screen.getByText("Engineering")).toBeInTheDocument();
    expect(screen.getByText("Team member")).toBeInTheDocument();
    expect(screen.getByText("new.hire@outside.test")).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Full name/), "Nora Hill");
    await user.type(screen.getByLabelText(/^Password/), "a-good-password");
    await user.click(screen.getByRole("button", { name: "Accept and create my account" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/home"), { timeout: 10_000 });
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === "POST").map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);
    expect(posts).toEqual([
      [`${INVITATION_URL}accept/`, { name: "Nora Hill", password: "a-good-password" }],
      ["/api/auth/sign-in/email", { email: "new.hire@outside.test", password: "a-good-password" }],
    ]);
  });

  it("checks the name and the password before calling the server (spec §5: 'Min length 6 characters')", async () => {
    const fetch = serve({ [`GET ${INVITATION_URL}`]: { body: invitation("pending") } });
    const user = userEvent.setup();
    renderApp(app, { path: `/invitation/${TOKEN}` });
    await user.type(await screen.findByLabelText(/^Password/), "12345");
    await user.click(screen.getByRole("button", { name: "Accept and create my account" }));
    expect(await screen.findByText("Min length 6 characters")).toBeInTheDocument();
    expect(screen.getByText("Required")).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it.each([
    ["expired", "Invitation expired", "This invitation has expired. Ask Hana Reyes or anyone in HR at Acme to send you a new one."],
    ["accepted", "Invitation already used", "This invitation has already been accepted. Sign in with new.hire@outside.test and your password."],
    ["revoked", "Invitation withdrawn", "This invitation has been withdrawn."],
  ])("says clearly when the link is %s, and offers no form", async (status, title, text) => {
    serve({ [`GET ${INVITATION_URL}`]: { body: invitation(status) } });
    renderApp(app, { path: `/invitation/${TOKEN}` });
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(text);
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/login");
  });

  it("says the link is not valid when the server does not know it", async () => {
    serve({ [`GET ${INVITATION_URL}`]: { status: 404, body: { error: { code: "not_found", message: "Invitation not found" } } } });
    renderApp(app, { path: `/invitation/${TOKEN}` });
    expect(await screen.findByRole("heading", { level: 1, name: "Invitation not found" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("This invitation link is not valid.");
  });

  it("explains when the invitation was used in the meantime", async () => {
    serve({
      [`GET ${INVITATION_URL}`]: { body: invitation("pending") },
      [`POST ${INVITATION_URL}accept/`]: { status: 400, body: { error: { code: "invalid_token", message: "used" } } },
    });
    const user = userEvent.setup();
    renderApp(app, { path: `/invitation/${TOKEN}` });
    await user.type(await screen.findByLabelText(/^Full name/), "Nora Hill");
    await user.type(screen.getByLabelText(/^Password/), "a-good-password");
    await user.click(screen.getByRole("button", { name: "Accept and create my account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This invitation can no longer be used");
  });

  it("says whom to ask for a new link when the invitation expired while the page was open", async () => {
    serve({
      [`GET ${INVITATION_URL}`]: { body: { ...invitation("pending"), invited_by: null } },
      [`POST ${INVITATION_URL}accept/`]: {
        status: 400,
        body: { error: { code: "invitation_expired", message: "expired", details: { company: "Acme", invited_by: null } } },
      },
    });
    const user = userEvent.setup();
    renderApp(app, { path: `/invitation/${TOKEN}` });
    await user.type(await screen.findByLabelText(/^Full name/), "Nora Hill");
    await user.type(screen.getByLabelText(/^Password/), "a-good-password");
    await user.click(screen.getByRole("button", { name: "Accept and create my account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This invitation has expired. Ask HR at Acme to send you a new one.");
  });
});
