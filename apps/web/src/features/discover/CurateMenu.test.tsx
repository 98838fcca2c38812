import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CuratedCatalogItem, DiscoverResponse, MergeCatalogItemResponse } from "@learnward/contracts";
import { renderApp, reply, serveFetch, signedIn } from "../../test/render";
import { ResultCard } from "./ResultCard";
import { content, facets } from "./testing";

// The L&D leader hides junk and merges duplicates from a discover card.

afterEach(() => vi.unstubAllGlobals());

const duplicate = content(5, "SQL basics (copy)");
const keep = content(6, "SQL basics");

describe("a catalog item's curation menu", () => {
  it("is offered only to those the server lets curate the catalog", () => {
    serveFetch({});
    for (const role of ["member", "teamleader", "hr"] as const) {
      const { unmount } = renderApp(<ResultCard item={duplicate} />, { session: signedIn(role) });
      expect(screen.queryByRole("button", { name: "Curate “SQL basics (copy)”" })).toBeNull();
      unmount();
    }
    renderApp(<ResultCard item={duplicate} />, { session: signedIn("ldleader") });
    expect(screen.getByRole("button", { name: "Curate “SQL basics (copy)”" })).toBeInTheDocument();
  });

  it("hides the item after a confirmation", async () => {
    const { sent } = serveFetch({
      "POST /api/b2b/v1/catalog/5/hide/": reply(CuratedCatalogItem, { id: 5, hidden_at: "2026-11-26T00:00:00.000Z", merged_into_id: null }),
    });
    const user = userEvent.setup();
    renderApp(<ResultCard item={duplicate} />, { session: signedIn("ldleader") });
    await user.click(screen.getByRole("button", { name: "Curate “SQL basics (copy)”" }));
    await user.click(screen.getByRole("menuitem", { name: "Hide from the catalog" }));
    const dialog = screen.getByRole("dialog", { name: "Hide “SQL basics (copy)” from the catalog?" });
    expect(sent("POST /api/b2b/v1/catalog/5/hide/")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Hide" }));
    await waitFor(() => expect(sent("POST /api/b2b/v1/catalog/5/hide/")).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("merges the item into the one picked to keep, and shows the server's refusal", async () => {
    let refuse = true;
    const { sent } = serveFetch({
      "GET /api/b2b/v1/discover/": reply(DiscoverResponse, { count: 2, next: null, previous: null, results: [duplicate, keep], facets: facets() }),
      "POST /api/b2b/v1/catalog/5/merge/": () =>
        refuse
          ? { status: 409, body: { error: { code: "catalog_merge_into_hidden", message: "hidden" } } }
          : reply(MergeCatalogItemResponse, {
              id: 5,
              hidden_at: "2026-11-26T00:00:00.000Z",
              merged_into_id: 6,
              moved: { collection_items: 1, collection_duplicates_removed: 0, saves: 2, progress: 0 },
            }),
    });
    const user = userEvent.setup();
    renderApp(<ResultCard item={duplicate} />, { session: signedIn("ldleader") });
    await user.click(screen.getByRole("button", { name: "Curate “SQL basics (copy)”" }));
    await user.click(screen.getByRole("menuitem", { name: "Merge into…" }));
    const dialog = screen.getByRole("dialog", { name: "Merge “SQL basics (copy)” into another item" });
    expect(within(dialog).getByRole("button", { name: "Merge" })).toBeDisabled();
    await user.click(within(dialog).getByRole("combobox", { name: "Item to keep" }));
    // The item itself is not offered as the one to keep.
    const option = await screen.findByRole("option", { name: "SQL basics" });
    expect(screen.queryByRole("option", { name: "SQL basics (copy)" })).toBeNull();
    await user.click(option);
    await user.click(within(dialog).getByRole("button", { name: "Merge" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("The item to keep is hidden from the catalog");
    refuse = false;
    await user.click(within(dialog).getByRole("button", { name: "Merge" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent("POST /api/b2b/v1/catalog/5/merge/")).toEqual([{ into_id: 6 }, { into_id: 6 }]);
  });
});
