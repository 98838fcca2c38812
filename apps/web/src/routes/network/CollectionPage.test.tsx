import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppRoutes } from "../../app/router";
import { renderApp, signedIn } from "../../test/render";
import { LocationProbe } from "../../test/LocationProbe";
import { collection, fakeServer, page, publishRequest } from "../../features/network/testing";
import type { CollectionDetail } from "../../features/network/types";

const app = (
  <>
    <AppRoutes />
    <LocationProbe />
  </>
);

afterEach(() => vi.unstubAllGlobals());

describe("/collaborative-network/collections/{id}/{slug}", () => {
  it("finds the collection by id and replaces a stale slug with the title's (spec §2)", async () => {
    fakeServer({ "GET /api/b2b/v1/collections/5/": () => ({ body: collection({ title: "SQL: joins & windows!" }) }) });
    renderApp(app, { path: "/collaborative-network/collections/5/old-title", session: signedIn("member") });
    expect(await screen.findByRole("heading", { level: 1, name: "SQL: joins & windows!" })).toBeInTheDocument();
    // Every run of non-word characters becomes one dash.
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/collaborative-network/collections/5/SQL-joins-windows-"));
    expect(screen.getByTestId("location").textContent).toBe("/collaborative-network/collections/5/SQL-joins-windows-");
  });

  it("keeps a right slug as it is and shows a not-found page for an unknown id", async () => {
    fakeServer({
      "GET /api/b2b/v1/collections/5/": () => ({ body: collection() }),
      "GET /api/b2b/v1/collections/6/": () => ({ status: 404, body: { error: { code: "not_found", message: "Collection not found" } } }),
    });
    const first = renderApp(app, { path: "/collaborative-network/collections/5/SQL-joins-and-windows", session: signedIn("member") });
    expect(await screen.findByRole("heading", { level: 1, name: "SQL joins and windows" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/collaborative-network/collections/5/SQL-joins-and-windows");
    first.unmount();

    renderApp(app, { path: "/collaborative-network/collections/6/Gone", session: signedIn("member") });
    expect(await screen.findByRole("heading", { level: 1, name: "Collection not found" })).toBeInTheDocument();
  });

  it("marks items done and undone, with the progress bar and the complete state", async () => {
    let state: CollectionDetail = collection();
    const server = fakeServer({
      "GET /api/b2b/v1/collections/5/": () => ({ body: state }),
      "POST /api/b2b/v1/collections/5/progress/": ({ body }) => {
        const { item_id, done } = body as { item_id: number; done: boolean };
        const items = state.items.map((i) => (i.id === item_id ? { ...i, done } : i));
        state = { ...state, items, progress: { done: items.filter((i) => i.done).length, total: items.length } };
        return { body: state };
      },
      "GET /api/b2b/v1/collections/": () => ({ body: { count: 0, next: null, previous: null, results: [] } }),
    });
    const user = userEvent.setup();
    renderApp(app, { path: "/collaborative-network/collections/5/SQL-joins-and-windows", session: signedIn("member") });

    const joins = await screen.findByRole("checkbox", { name: "Done: SQL joins" });
    expect(joins).not.toBeChecked();
    expect(screen.getByText("0 of 2 done")).toBeInTheDocument();

    await user.click(joins);
    expect(joins).toBeChecked();
    expect(await screen.findByText("1 of 2 done")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "My progress" })).toHaveAttribute("aria-valuenow", "50");
    expect(screen.queryByText(/Complete!/)).not.toBeInTheDocument();

    await user.click(screen.getByRole("checkbox", { name: "Done: SQL windows" }));
    expect(await screen.findByText(/Complete! You have done every item/)).toBeInTheDocument();
    expect(screen.getByText("2 of 2 done")).toBeInTheDocument();

    await user.click(joins);
    await waitFor(() => expect(joins).not.toBeChecked());
    expect(await screen.findByText("1 of 2 done")).toBeInTheDocument();
    expect(screen.queryByText(/Complete!/)).not.toBeInTheDocument();
    expect(server.sent("POST /api/b2b/v1/collections/5/progress/")).toEqual([
      { item_id: 11, done: true },
      { item_id: 12, done: true },
      { item_id: 11, done: false },
    ]);
  });

  it("turns a refused tick back and says why", async () => {
    fakeServer({
      "GET /api/b2b/v1/collections/5/": () => ({ body: collection() }),
      "POST /api/b2b/v1/collections/5/progress/": () => ({ status: 403, body: { error: { code: "forbidden", message: "Forbidden" } } }),
    });
    const user = userEvent.setup();
    renderApp(app, { path: "/collaborative-network/collections/5/SQL-joins-and-windows", session: signedIn("member") });
    const joins = await screen.findByRole("checkbox", { name: "Done: SQL joins" });
    await user.click(joins);
    expect(await screen.findByText("Permission denied")).toBeInTheDocument();
    await waitFor(() => expect(joins).not.toBeChecked());
  });

  it("gates its buttons with the server's abilities and offers planners to assign it", async () => {
    fakeServer({
      "GET /api/b2b/v1/collections/5/": () => ({
        body: collection({ abilities: { edit: false, request_publish: false, follow: true, submit_draft: false, discard_draft: false } }),
      }),
    });
    const member = renderApp(app, { path: "/collaborative-network/collections/5/SQL-joins-and-windows", session: signedIn("member") });
    expect(await screen.findByRole("button", { name: "Follow" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Request publishing" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Assign as plan" })).not.toBeInTheDocument();
    member.unmount();

    fakeServer({
      "GET /api/b2b/v1/collections/5/": () => ({
        body: collection({ status: "private", abilities: { edit: true, request_publish: true, follow: false, submit_draft: false, discard_draft: false } }),
      }),
    });
    const owner = renderApp(app, { path: "/collaborative-network/collections/5/SQL-joins-and-windows", session: signedIn("member") });
    expect(await screen.findByRole("button", { name: "Request publishing" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/collaborative-network/library?edit=5");
    expect(screen.queryByRole("button", { name: "Follow" })).not.toBeInTheDocument();
    owner.unmount();

    fakeServer({ "GET /api/b2b/v1/collections/5/": () => ({ body: collection() }) });
    renderApp(app, { path: "/collaborative-network/collections/5/SQL-joins-and-windows", session: signedIn("teamleader") });
    expect(await screen.findByRole("button", { name: "Assign as plan" })).toBeInTheDocument();
  });

  describe("a published collection with the owner's draft", () => {
    const owner = { edit: true, request_publish: false, follow: true, submit_draft: true, discard_draft: true };
    const editing = { state: "editing" as const, reason: null, request_id: null, updated_at: "2026-03-01T10:00:00.000Z" };
    const live = collection({ has_draft: true, version: "live", draft: editing, abilities: owner });
    const drafted = collection({ title: "SQL joins, windows and CTEs", has_draft: true, version: "draft", draft: editing, abilities: owner });

    it("shows the owner their draft and its state, the published version on request, and sends the draft for review", async () => {
      let draft = drafted;
      const server = fakeServer({
        "GET /api/b2b/v1/collections/5/": ({ url }) => ({ body: url.searchParams.get("version") === "live" ? live : draft }),
        "POST /api/b2b/v1/publish-requests/": () => {
          draft = { ...draft, draft: { ...editing, state: "in_review", request_id: 40 }, abilities: { ...owner, submit_draft: false } };
          return { status: 201, body: publishRequest({ id: 40, kind: "edit" }) };
        },
        "GET /api/b2b/v1/collections/": () => ({ body: page([]) }),
        "GET /api/b2b/v1/publish-requests/": () => ({ body: page([]) }),
      });
      const user = userEvent.setup();
      renderApp(app, { path: "/collaborative-network/collections/5/SQL-joins-windows-and-CTEs", session: signedIn("member") });

      expect(await screen.findByRole("heading", { level: 1, name: "SQL joins, windows and CTEs" })).toBeInTheDocument();
      const banner = screen.getByRole("region", { name: "Draft: changes not sent for review yet" });
      await user.click(within(banner).getByRole("button", { name: "Send changes for review" }));
      const dialog = await screen.findByRole("dialog", { name: "Send your changes for review" });
      await user.click(within(dialog).getByRole("button", { name: "Send for review" }));
      expect(await screen.findByRole("region", { name: "Draft: changes waiting for review" })).toBeInTheDocument();
      expect(server.sent("POST /api/b2b/v1/publish-requests/")).toEqual([{ collection_id: 5 }]);
      expect(screen.queryByRole("button", { name: "Send changes for review" })).not.toBeInTheDocument();

      // The published version, as colleagues see it, with the way back to the draft.
      await user.click(screen.getByRole("link", { name: "See the published version" }));
      expect(await screen.findByRole("heading", { level: 1, name: "SQL joins and windows" })).toBeInTheDocument();
      await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/collaborative-network/collections/5/SQL-joins-and-windows?version=live"));
      expect(screen.getByText("You are looking at the published version, as colleagues see it.")).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "See the draft" })).toHaveAttribute("href", "/collaborative-network/collections/5/SQL-joins-and-windows");
    });

    it("shows why the changes were rejected and lets the owner discard them", async () => {
      let shown = collection({ ...drafted, draft: { ...editing, state: "rejected", reason: "Keep the old title", request_id: 40 } });
      const server = fakeServer({
        "GET /api/b2b/v1/collections/5/": () => ({ body: shown }),
        "DELETE /api/b2b/v1/collections/5/draft/": () => {
          shown = { ...live, has_draft: false, draft: null, abilities: { ...owner, submit_draft: false, discard_draft: false } };
          return { body: shown };
        },
        "GET /api/b2b/v1/collections/": () => ({ body: page([]) }),
        "GET /api/b2b/v1/publish-requests/": () => ({ body: page([]) }),
      });
      const user = userEvent.setup();
      renderApp(app, { path: "/collaborative-network/collections/5/SQL-joins-windows-and-CTEs", session: signedIn("member") });

      const banner = await screen.findByRole("region", { name: "Draft: changes rejected" });
      expect(within(banner).getByText("Keep the old title")).toBeInTheDocument();
      await user.click(within(banner).getByRole("button", { name: "Discard changes" }));
      const dialog = await screen.findByRole("dialog", { name: "Discard your changes?" });
      await user.click(within(dialog).getByRole("button", { name: "Discard changes" }));
      expect(await screen.findByRole("heading", { level: 1, name: "SQL joins and windows" })).toBeInTheDocument();
      expect(screen.queryByRole("region", { name: /^Draft/ })).not.toBeInTheDocument();
      expect(server.sent("DELETE /api/b2b/v1/collections/5/draft/")).toHaveLength(1);
    });

    it("shows colleagues no draft at all", async () => {
      fakeServer({ "GET /api/b2b/v1/collections/5/": () => ({ body: collection() }) });
      renderApp(app, { path: "/collaborative-network/collections/5/SQL-joins-and-windows", session: signedIn("teamleader") });
      expect(await screen.findByRole("heading", { level: 1, name: "SQL joins and windows" })).toBeInTheDocument();
      expect(screen.queryByRole("region", { name: /^Draft/ })).not.toBeInTheDocument();
      expect(screen.queryByRole("link", { name: "See the published version" })).not.toBeInTheDocument();
    });
  });
});
