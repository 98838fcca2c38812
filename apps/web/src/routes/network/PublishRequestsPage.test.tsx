import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppRoutes } from "../../app/router";
import { renderApp, signedIn } from "../../test/render";
import { fakeServer, page, publishRequest } from "../../features/network/testing";
import type { PublishRequest } from "../../features/network/types";

afterEach(() => vi.unstubAllGlobals());

describe("/collaborative-network/publishRequest", () => {
  it("lets the L&D leader reject a request only with a reason", async () => {
    let pending: PublishRequest = publishRequest();
    const server = fakeServer({
      "GET /api/b2b/v1/publish-requests/": () => ({ body: page([pending]) }),
      "POST /api/b2b/v1/publish-requests/31/reject/": ({ body }) => {
        pending = {
          ...pending,
          status: "rejected",
          reason: (body as { reason: string }).reason,
          decided_by: { id: 1, display_name: "Lea Dean" },
          decided_at: "2026-02-02T10:00:00.000Z",
        };
        return { body: pending };
      },
      "GET /api/b2b/v1/collections/": () => ({ body: page([]) }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/collaborative-network/publishRequest", session: signedIn("ldleader") });

    // The L&D leader starts on the queue.
    expect(await screen.findByRole("tab", { name: "Queue to decide", selected: true })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "SQL joins and windows" })).toHaveAttribute(
      "href",
      "/collaborative-network/collections/5/SQL-joins-and-windows",
    );
    expect(server.sent("GET /api/b2b/v1/publish-requests/")).toHaveLength(1);
    const asked = server.fetch.mock.calls.map(([input]) => String(input)).find((url) => url.includes("publish-requests"));
    expect(asked).toContain("scope=queue");

    await user.click(screen.getByRole("button", { name: "Reject SQL joins and windows" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject “SQL joins and windows”" });
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("Give a reason for the rejection")).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: /^Reason/ }), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("Give a reason for the rejection")).toBeInTheDocument();
    expect(server.sent("POST /api/b2b/v1/publish-requests/31/reject/")).toEqual([]);

    await user.type(within(dialog).getByRole("textbox", { name: /^Reason/ }), "Add a section on window frames");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("“SQL joins and windows” was rejected")).toBeInTheDocument();
    expect(server.sent("POST /api/b2b/v1/publish-requests/31/reject/")).toEqual([{ reason: "Add a section on window frames" }]);
  });

  it("filters by status and sorts, and accepts with one click", async () => {
    const server = fakeServer({
      "GET /api/b2b/v1/publish-requests/": () => ({ body: page([publishRequest()]) }),
      "POST /api/b2b/v1/publish-requests/31/accept/": () => ({ body: publishRequest({ status: "accepted" }) }),
      "GET /api/b2b/v1/collections/": () => ({ body: page([]) }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/collaborative-network/publishRequest", session: signedIn("ldleader") });
    await screen.findByRole("link", { name: "SQL joins and windows" });

    await user.click(screen.getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Pending" }));
    await user.click(screen.getByRole("combobox", { name: "Order" }));
    await user.click(await screen.findByRole("option", { name: "Oldest first" }));
    await vi.waitFor(() => {
      const urls = server.fetch.mock.calls.map(([input]) => String(input)).filter((url) => url.includes("publish-requests"));
      expect(urls.at(-1)).toMatch(/status=pending.*sort=asc|sort=asc.*status=pending/);
    });

    await user.click(screen.getByRole("button", { name: "Accept SQL joins and windows" }));
    expect(await screen.findByText("“SQL joins and windows” is now in the company library")).toBeInTheDocument();
    expect(server.sent("POST /api/b2b/v1/publish-requests/31/accept/")).toEqual([{}]);
  });

  it("shows others their own requests with the rejection reason, and no queue", async () => {
    const server = fakeServer({
      "GET /api/b2b/v1/publish-requests/": () => ({
        body: page([
          publishRequest({ status: "rejected", reason: "Too short", decided_by: { id: 1, display_name: "Lea Dean" }, decided_at: "2026-02-02T10:00:00.000Z" }),
        ]),
      }),
    });
    renderApp(<AppRoutes />, { path: "/collaborative-network/publishRequest", session: signedIn("member") });
    expect(await screen.findByText("Too short")).toBeInTheDocument();
    expect(screen.getByText("Rejected")).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Queue to decide" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Accept/ })).not.toBeInTheDocument();
    const asked = server.fetch.mock.calls.map(([input]) => String(input)).find((url) => url.includes("publish-requests"));
    expect(asked).toContain("scope=mine");
  });

  it("tells changes to a published path from a first publication, and lists what they change", async () => {
    const edit = publishRequest({
      id: 32,
      kind: "edit",
      collection: { id: 6, title: "Negotiation basics", slug: "Negotiation-basics" },
      message: null,
      changes: {
        title: { from: "Negotiation basics", to: "Negotiation for engineers" },
        description: null,
        cover_url: null,
        skills: { added: ["communication"], removed: [] },
        sections: { added: [], removed: ["Week 2"] },
        items: { added: [{ id_content: 71, title: "BATNA explained", content_type: "video" }], removed: [] },
        reordered: true,
      },
    });
    fakeServer({
      "GET /api/b2b/v1/publish-requests/": () => ({ body: page([publishRequest(), edit]) }),
      "POST /api/b2b/v1/publish-requests/32/accept/": () => ({ body: { ...edit, status: "accepted" } }),
      "GET /api/b2b/v1/collections/": () => ({ body: page([]) }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/collaborative-network/publishRequest", session: signedIn("ldleader") });

    const first = await screen.findByRole("article", { name: "SQL joins and windows" });
    expect(within(first).getByText("First publication")).toBeInTheDocument();
    expect(within(first).queryByRole("list", { name: "Changes" })).not.toBeInTheDocument();

    const changed = screen.getByRole("article", { name: "Negotiation basics" });
    expect(within(changed).getByText("Changes to a learning path")).toBeInTheDocument();
    const list = within(changed).getByRole("list", { name: "Changes" });
    expect(within(list).getByText("Title: “Negotiation basics” → “Negotiation for engineers”")).toBeInTheDocument();
    expect(within(list).getByText("Skills added: communication")).toBeInTheDocument();
    expect(within(list).getByText("Sections removed: Week 2")).toBeInTheDocument();
    expect(within(list).getByText("Items added: BATNA explained")).toBeInTheDocument();
    expect(within(list).getByText("Items or sections in a new order")).toBeInTheDocument();
    expect(within(changed).getByRole("link", { name: "See the changes in the collection" })).toHaveAttribute(
      "href",
      "/collaborative-network/collections/6/Negotiation-basics?version=draft",
    );

    await user.click(within(changed).getByRole("button", { name: "Accept Negotiation basics" }));
    expect(await screen.findByText("The changes to “Negotiation basics” are published")).toBeInTheDocument();
  });
});
