import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { AppRoutes } from "../../app/router";
import { renderApp, signedIn } from "../../test/render";
import { collection, fakeServer, page } from "../../features/network/testing";

afterEach(() => vi.unstubAllGlobals());

const summary = (id: number, title: string, following: boolean) => {
  const { sections: _sections, items: _items, abilities: _abilities, version: _version, draft: _draft, ...rest } = collection({ id, title, following });
  return rest;
};

describe("/collaborative-network", () => {
  it("shows the paths I follow and the company's, both asked for while its code loads (app/firstData.ts)", async () => {
    const server = fakeServer({
      "GET /api/b2b/v1/collections/": ({ url }) => ({
        body: page(
          url.searchParams.get("scope") === "following"
            ? [summary(5, "SQL joins and windows", true)]
            : [summary(5, "SQL joins and windows", true), summary(6, "Negotiation basics", false)],
        ),
      }),
    });
    // The answers wait until the page has shown that they are on their way.
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const serve = server.fetch;
    vi.stubGlobal("fetch", (...call: Parameters<typeof serve>) => answered.then(() => serve(...call)));
    renderApp(<AppRoutes />, { path: "/collaborative-network?fpage=2", session: signedIn("member") });

    // While they load, each list holds a row of card-sized placeholders, announced as loading.
    expect(await screen.findAllByRole("status", { name: "Loading collections…" })).toHaveLength(2);
    answer();
    const following = await screen.findByRole("list", { name: "Paths I follow" });
    expect(within(following).getByRole("link", { name: "SQL joins and windows" })).toBeInTheDocument();
    const company = await screen.findByRole("list", { name: "Company learning paths" });
    expect(screen.queryByRole("status", { name: "Loading collections…" })).not.toBeInTheDocument();
    expect(within(company).getByRole("link", { name: "Negotiation basics" })).toBeInTheDocument();

    const lists = server.fetch.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith("/api/b2b/v1/collections/"));
    expect(lists.sort()).toEqual(["/api/b2b/v1/collections/?scope=following&page=2&page_size=6", "/api/b2b/v1/collections/?scope=library&page=1&page_size=12"]);
  });
});
