import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ChatHooks, TestChatHookResponse } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { renderApp, reply, signedIn, type StubRoutes } from "../../test/render";
import { serveSettings } from "./testing";

// hr connects the company's Slack and Microsoft Teams channels from /setting.
const HOOKS = "/api/b2b/v1/company/chat-hooks/";
const SLACK = "https://hooks.slack.com/services/T000/B000/xyz";

afterEach(() => vi.unstubAllGlobals());

function serve(overrides: Partial<StubRoutes> = {}) {
  return serveSettings({
    "GET /api/b2b/v1/company/chat-hooks/": reply(ChatHooks, {
      slack_webhook_url: null,
      teams_webhook_url: "https://acme.webhook.office.com/webhookb2/abc",
      updated_at: "2026-11-25T10:00:00Z",
    }),
    ...overrides,
  });
}

const card = async () => within((await screen.findByRole("heading", { name: "Chat notifications" })).closest("section")!);

describe("/setting → Chat notifications", () => {
  it("is not offered to anyone else", async () => {
    const { calls } = serve();
    renderApp(<AppRoutes />, { path: "/setting#chat-hooks-heading", session: signedIn("ldleader") });
    expect(await screen.findByRole("heading", { name: "Personal Profile" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Chat notifications" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Chat notifications" })).not.toBeInTheDocument();
    expect(calls().map((c) => c.call)).not.toContain(`GET ${HOOKS}`);
  });

  it("is offered to hr, with the saved addresses", async () => {
    serve();
    renderApp(<AppRoutes />, { path: "/setting#chat-hooks-heading", session: signedIn("hr") });
    expect(await screen.findByRole("link", { name: "Chat notifications" })).toHaveAttribute("href", "/setting#chat-hooks-heading");
    const section = await card();
    expect(await section.findByLabelText("Microsoft Teams webhook URL")).toHaveValue("https://acme.webhook.office.com/webhookb2/abc");
    expect(section.getByLabelText("Slack webhook URL")).toHaveValue("");
    // Slack has no saved address to test yet; Teams has.
    expect(section.getByRole("button", { name: "Send a test message to Slack" })).toBeDisabled();
    expect(section.getByRole("button", { name: "Send a test message to Microsoft Teams" })).toBeEnabled();
  });

  // Typing two addresses letter by letter takes a while on a busy machine.
  it("saves the addresses, showing the server's refusal on the field it names", { timeout: 40_000 }, async () => {
    let refuse = true;
    const { sent } = serve({
      "PATCH /api/b2b/v1/company/chat-hooks/": () =>
        refuse
          ? {
              status: 400,
              body: { error: { code: "chat_hook_url_invalid", message: "slack_webhook_url must be https", details: { field: "slack_webhook_url" } } },
            }
          : reply(ChatHooks, { slack_webhook_url: SLACK, teams_webhook_url: null, updated_at: "2026-11-26T10:00:00Z" }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#chat-hooks-heading", session: signedIn("hr") });
    const section = await card();
    const slack = await section.findByLabelText("Slack webhook URL");

    await user.type(slack, "hooks.slack.com/x");
    await user.click(section.getByRole("button", { name: "Save chat settings" }));
    expect(await section.findByText("Enter the https:// address of an incoming webhook")).toBeInTheDocument();
    expect(sent("PATCH /api/b2b/v1/company/chat-hooks/")).toEqual([]);

    await user.clear(slack);
    await user.type(slack, "http://hooks.slack.com/services/T000/B000/xyz");
    await user.click(section.getByRole("button", { name: "Save chat settings" }));
    expect(await section.findByText("Enter the https:// address of an incoming webhook")).toBeInTheDocument();
    expect(slack).toHaveAttribute("aria-invalid", "true");

    refuse = false;
    await user.clear(slack);
    await user.type(slack, SLACK);
    await user.clear(section.getByLabelText("Microsoft Teams webhook URL"));
    await user.click(section.getByRole("button", { name: "Save chat settings" }));
    expect(await screen.findByText("Chat settings saved")).toBeInTheDocument();
    expect(sent("PATCH /api/b2b/v1/company/chat-hooks/").at(-1)).toEqual({ slack_webhook_url: SLACK, teams_webhook_url: null });
    expect(section.getByRole("button", { name: "Send a test message to Slack" })).toBeEnabled();
  });

  it("sends a test message and says whether it arrived", async () => {
    const { sent } = serve({
      "GET /api/b2b/v1/company/chat-hooks/": reply(ChatHooks, {
        slack_webhook_url: SLACK,
        teams_webhook_url: "https://acme.webhook.office.com/gone",
        updated_at: null,
      }),
      "POST /api/b2b/v1/company/chat-hooks/test/": ({ body }) =>
        (body as { channel: string }).channel === "slack"
          ? reply(TestChatHookResponse, { channel: "slack", ok: true, failure: null, status: null })
          : reply(TestChatHookResponse, { channel: "teams", ok: false, failure: "http_error", status: 404 }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#chat-hooks-heading", session: signedIn("hr") });
    const section = await card();

    await user.click(await section.findByRole("button", { name: "Send a test message to Slack" }));
    expect(await section.findByRole("status")).toHaveTextContent("Test message sent to Slack.");
    await user.click(section.getByRole("button", { name: "Send a test message to Microsoft Teams" }));
    expect(await section.findByRole("alert")).toHaveTextContent("Microsoft Teams did not get the test message: the service answered with error 404.");
    expect(sent("POST /api/b2b/v1/company/chat-hooks/test/")).toEqual([{ channel: "slack" }, { channel: "teams" }]);
  });
});
