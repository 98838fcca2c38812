import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppRoutes } from "../../app/router";
import { renderApp, signedIn } from "../../test/render";
import { collection, fakeServer } from "../network/testing";

// The level a learning path proves: set by whoever the server allows, read by everyone on the path's page.
afterEach(() => vi.unstubAllGlobals());

const path = "/collaborative-network/collections/5/SQL-joins-and-windows";

describe("a learning path's proven level", () => {
  it("lets the L&D leader choose it from the named scale and sends it", async () => {
    const server = fakeServer({
      "GET /api/b2b/v1/collections/5/": () => ({ body: collection() }),
      "GET /api/b2b/v1/collections/5/skill-level/": () => ({ body: { level: null, abilities: { set: true } } }),
      "PUT /api/b2b/v1/collections/5/skill-level/": ({ body }) => ({ body: { level: (body as { level: number }).level, abilities: { set: true } } }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path, session: signedIn("ldleader") });
    const select = await screen.findByRole("combobox", { name: "Level this path proves" });
    expect(select).toHaveValue("");
    await user.selectOptions(select, "3 · Intermediate");
    await waitFor(() => expect(server.sent("PUT /api/b2b/v1/collections/5/skill-level/")).toEqual([{ level: 3 }]));
    await waitFor(() => expect(select).toHaveValue("3"));
  });

  it("tells a learner what completing the path proves, without a control", async () => {
    fakeServer({
      "GET /api/b2b/v1/collections/5/": () => ({ body: collection() }),
      "GET /api/b2b/v1/collections/5/skill-level/": () => ({ body: { level: 4, abilities: { set: false } } }),
    });
    renderApp(<AppRoutes />, { path, session: signedIn("member") });
    expect(await screen.findByText("Completing this path proves: 4 · Advanced")).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Level this path proves" })).not.toBeInTheDocument();
  });
});
