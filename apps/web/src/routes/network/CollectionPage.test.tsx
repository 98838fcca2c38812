import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppRoutes } from "../../app/router";
import { renderApp, signedIn } from "../../test/render";
import { LocationProbe } from "../../test/LocationProbe";
import { collection, fakeServer } from "../../features/network/testing";
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
    expect(await screen.findByText("You are not allowed to do this.")).toBeInTheDocument();
    await waitFor(() => expect(joins).not.toBeChecked());
  });

  it("gates its buttons with the server's abilities and offers planners to assign it", async () => {
    fakeServer({ "GET /api/b2b/v1/collections/5/": () => ({ body: collection({ abilities: { edit: false, request_publish: false, follow: true, submit_draft: false, discard_draft: false } }) }) });
    const member = renderApp(app, { path: "/collaborative-network/collections/5/SQL-joins-and-windows", session: signedIn("member") });
    expect(await screen.findByRole("button", { name: "Follow" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Request publishing" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Assign as plan" })).not.toBeInTheDocument();
    member.unmount();

    fakeServer({ "GET /api/b2b/v1/collections/5/": () => ({ body: collection({ status: "private", abilities: { edit: true, request_publish: true, follow: false, submit_draft: false, discard_draft: false } }) }) });
    const owner = renderApp(app, { path: "/collaborative-network/collections/5/SQL-joins-and-windows", session: signedIn("member") });
    expect(await screen.findByRole("button", { name: "Request publishing" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/collaborative-network/library?edit=5");
    expect(screen.queryByRole("button", { name: "Follow" })).not.toBeInTheDocument();
    owner.unmount();

    fakeServer({ "GET /api/b2b/v1/collections/5/": () => ({ body: collection() }) });
    renderApp(app, { path: "/collaborative-network/collections/5/SQL-joins-and-windows", session: signedIn("teamleader") });
    expect(await screen.findByRole("button", { name: "Assign as plan" })).toBeInTheDocument();
  });
});
