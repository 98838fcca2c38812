import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LrsForwarder, RetryXapiForwardsResponse, TestLrsForwarderResponse, XapiForwardPage } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { renderApp, reply, signedIn, type StubRoutes } from "../../test/render";
import { FORWARDING, forwardingNone, serveSettings } from "./testing";

// hr and the L&D leader forward the company's events to an outside LRS from /setting, and send again what failed.
const STATEMENTS = `${FORWARDING}/statements`;
const saved = {
  ...forwardingNone,
  endpoint: "https://lrs.example.com/xapi/",
  key: "acme",
  has_secret: true,
  enabled: true,
  updated_at: "2026-11-29T10:00:00Z",
};
const refused = {
  id: 7,
  statement_id: "0f6f4a4e-8d0e-4a57-9d3c-1c9b7c1e2a10",
  state: "failed" as const,
  verb: "http://adlnet.gov/expapi/verbs/completed",
  activity: "https://example.com/sql-joins",
  actor: "ada@acme.test",
  attempts: 1,
  last_status: 400,
  last_error: "The LRS answered 400",
  created_at: "2026-11-29T10:00:00Z",
};

function serve(overrides: Partial<StubRoutes> = {}) {
  return serveSettings({
    [`PUT ${FORWARDING}`]: reply(LrsForwarder, saved),
    [`POST ${FORWARDING}/test`]: reply(TestLrsForwarderResponse, { ok: true, status: 200, error: null, statement_id: refused.statement_id }),
    [`POST ${STATEMENTS}/7/retry`]: reply(RetryXapiForwardsResponse, { retried: 1 }, 202),
    [`POST ${STATEMENTS}/retry`]: reply(RetryXapiForwardsResponse, { retried: 1 }, 202),
    ...overrides,
  });
}
const section = async (name: string) => within((await screen.findByRole("heading", { name })).closest("section")!);

describe("/setting → Forward learning records", () => {
  it("is not offered to a member", async () => {
    const { calls } = serve();
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("member") });
    expect(await screen.findByRole("heading", { name: "Personal Profile" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Forward learning records" })).not.toBeInTheDocument();
    expect(calls().map((c) => c.call)).not.toContain(`GET ${FORWARDING}`);
  });

  it("lets hr save the outside LRS with its secret, then send a test statement", async () => {
    const { sent } = serve();
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#lrs-forwarding-heading", session: signedIn("hr") });
    const card = await section("Forward learning records");
    await user.type(await card.findByRole("textbox", { name: "xAPI endpoint" }), saved.endpoint);
    await user.type(card.getByRole("textbox", { name: "Key (user name)" }), "acme");
    await user.type(card.getByLabelText("Secret (password)"), "s3cret");
    expect(card.getByRole("button", { name: "Send a test statement" })).toBeDisabled();
    await user.click(card.getByRole("button", { name: "Save forwarding" }));
    await waitFor(() => expect(sent(`PUT ${FORWARDING}`)).toEqual([{ endpoint: saved.endpoint, key: "acme", secret: "s3cret", enabled: true }]));
    expect(await card.findByText("A secret is saved. Leave this empty to keep it.")).toBeInTheDocument();

    await user.click(card.getByRole("button", { name: "Send a test statement" }));
    expect(await card.findByRole("status")).toHaveTextContent("The learning record store took the test statement.");
  });

  it("lists what failed with the LRS's answer, and sends one or all again", async () => {
    const { sent } = serve({
      [`GET ${FORWARDING}`]: reply(LrsForwarder, { ...saved, failed: 1 }),
      [`GET ${STATEMENTS}`]: reply(XapiForwardPage, { count: 1, next: null, previous: null, results: [refused] }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#xapi-dead-letters-heading", session: signedIn("ldleader") });
    const card = await section("Records that failed to forward");
    expect(await card.findByText("ada@acme.test completed https://example.com/sql-joins")).toBeInTheDocument();
    expect(card.getByText(/The LRS answered HTTP 400 · 1 try/)).toBeInTheDocument();
    await user.click(card.getByRole("button", { name: "Send again: completed https://example.com/sql-joins" }));
    await waitFor(() => expect(sent(`POST ${STATEMENTS}/7/retry`)).toHaveLength(1));
    await user.click(card.getByRole("button", { name: "Send the failed record again" }));
    await waitFor(() => expect(sent(`POST ${STATEMENTS}/retry`)).toHaveLength(1));
  });
});
