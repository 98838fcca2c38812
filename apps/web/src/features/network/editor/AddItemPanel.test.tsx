import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderApp, signedIn } from "../../../test/render";
import { content, facets } from "../../discover/testing";
import { collection, fakeServer, item, page } from "../testing";
import { AddItemPanel } from "./AddItemPanel";

afterEach(() => vi.unstubAllGlobals());

const burnoutTalk = content(42, "Energy at work", { content_type: "video", provider: "youtube", author: null, skills: ["burnout"] });

describe("AddItemPanel: the company catalog", () => {
  it("searches the company catalog, shows title, kind and provider, and adds the chosen item", async () => {
    const server = fakeServer({
      "GET /api/b2b/v1/discover/": ({ url }) => ({
        body: { ...page(url.searchParams.get("search") === "burnout" ? [burnoutTalk] : []), facets: facets() },
      }),
      "POST /api/b2b/v1/collections/5/items/": () => ({
        status: 201,
        body: collection({ items: [item(11, "SQL joins"), item(12, "SQL windows"), item(13, "Energy at work")] }),
      }),
    });
    const user = userEvent.setup();
    renderApp(<AddItemPanel collection={collection({ abilities: { ...collection().abilities, edit: true } })} />, { session: signedIn("ldleader") });

    await user.click(screen.getByRole("tab", { name: "Company catalog" }));
    const search = screen.getByRole("combobox", { name: "Search the company catalog" });
    await user.type(search, "burnout");
    const option = await screen.findByRole("option", { name: /Energy at work/ });
    expect(option).toHaveTextContent("Video · YouTube");
    // Only catalog items are asked for, never published collections.
    expect(
      server.calls().some(({ call }) => call.startsWith("GET /api/b2b/v1/discover/") && call.includes("kind=content") && call.includes("search=burnout")),
    ).toBe(true);

    await user.click(option);
    await user.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(server.sent("POST /api/b2b/v1/collections/5/items/")).toEqual([{ content_id: 42, section_id: null }]));
    expect(await screen.findByText("Added to the collection")).toBeInTheDocument();
  });

  it("says so when nothing in the catalog matches", async () => {
    fakeServer({ "GET /api/b2b/v1/discover/": () => ({ body: { ...page([]), facets: facets() } }) });
    const user = userEvent.setup();
    renderApp(<AddItemPanel collection={collection()} />, { session: signedIn("member") });
    await user.click(screen.getByRole("tab", { name: "Company catalog" }));
    await user.type(screen.getByRole("combobox", { name: "Search the company catalog" }), "zzz");
    expect(await screen.findByText("Nothing in the catalog matches")).toBeInTheDocument();
  });
});
