import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LrsCredential, LrsCredentialList, LrsCredentialWithSecret, XapiActivityMapping, XapiUnapplied } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { renderApp, reply, signedIn, type StubRoutes } from "../../test/render";
import { serveSettings } from "./testing";

// hr and the L&D leader connect outside course platforms (xAPI) from /setting, and see the records that wait.
const CREDS = "/api/b2b/v1/company/lrs-credentials";
const WAITING = "/api/b2b/v1/company/xapi-unapplied";
const MAPS = "/api/b2b/v1/company/xapi-activity-mappings";
const moodle = { id: 4, name: "Moodle", key: "lwlrs_abc123", created_at: "2026-11-26T10:00:00Z", rotated_at: null, revoked_at: null, last_used_at: null };
const SECRET = "s3cr3t-shown-once-0123456789abcdefghijklmnop";

function serve(overrides: Partial<StubRoutes> = {}) {
  return serveSettings({
    [`GET ${CREDS}`]: reply(LrsCredentialList, { endpoint: "http://localhost:3000/xapi/", results: [moodle] }),
    [`POST ${CREDS}`]: reply(LrsCredentialWithSecret, { ...moodle, id: 5, name: "Totara", key: "lwlrs_new", secret: SECRET }),
    [`POST ${CREDS}/4/revoke`]: reply(LrsCredential, { ...moodle, revoked_at: "2026-11-27T10:00:00Z" }),
    [`GET ${WAITING}`]: reply(XapiUnapplied, {
      agents: [{ agent: { mbox: "mailto:newcomer@acme.test" }, statements: 2, last_stored: "2026-11-27T10:00:00Z" }],
      activities: [{ activity_id: "urn:lms:course:42", statements: 1, last_stored: "2026-11-27T10:00:00Z" }],
    }),
    [`GET ${MAPS}`]: reply(XapiActivityMapping.array(), []),
    ...overrides,
  });
}

const section = async (name: string) => within((await screen.findByRole("heading", { name })).closest("section")!);

describe("/setting → Learning records (xAPI)", () => {
  it("is not offered to a member", async () => {
    const { calls } = serve();
    renderApp(<AppRoutes />, { path: "/setting#lrs-heading", session: signedIn("member") });
    expect(await screen.findByRole("heading", { name: "Personal Profile" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Learning records (xAPI)" })).not.toBeInTheDocument();
    expect(calls().map((c) => c.call)).not.toContain(`GET ${CREDS}`);
  });

  it("shows hr the endpoint, makes a key and secret shown once, and revokes after asking", async () => {
    const { sent } = serve();
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#lrs-heading", session: signedIn("hr") });
    const card = await section("Learning records (xAPI)");
    expect(await card.findByRole("textbox", { name: "xAPI endpoint" })).toHaveValue("http://localhost:3000/xapi/");
    await user.type(card.getByRole("textbox", { name: "Name" }), "Totara");
    await user.click(card.getByRole("button", { name: "Create key and secret" }));
    expect(await card.findByRole("textbox", { name: "Secret (password, shown only now)" })).toHaveValue(SECRET);
    expect(card.getByRole("textbox", { name: "Key (user name)" })).toHaveValue("lwlrs_new");
    expect(sent(`POST ${CREDS}`)).toEqual([{ name: "Totara" }]);

    await user.click(card.getByRole("button", { name: "Revoke Moodle" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(sent(`POST ${CREDS}/4/revoke`)).toHaveLength(1));
  });

  it("lists the records waiting for a person or an activity; hr cannot match activities", async () => {
    serve();
    renderApp(<AppRoutes />, { path: "/setting#xapi-waiting-heading", session: signedIn("hr") });
    const card = await section("Learning records waiting");
    expect(await card.findByText("newcomer@acme.test: 2 records")).toBeInTheDocument();
    expect(card.getByText("urn:lms:course:42: 1 record")).toBeInTheDocument();
    expect(card.queryByRole("button", { name: "Match urn:lms:course:42 to an item" })).not.toBeInTheDocument();
  });

  it("lets the L&D leader pick an unknown activity to match", async () => {
    serve();
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#xapi-waiting-heading", session: signedIn("ldleader") });
    const card = await section("Learning records waiting");
    await user.click(await card.findByRole("button", { name: "Match urn:lms:course:42 to an item" }));
    expect(card.getByRole("textbox", { name: "Activity id" })).toHaveValue("urn:lms:course:42");
    expect(card.getByRole("button", { name: "Match" })).toBeDisabled();
  });
});
