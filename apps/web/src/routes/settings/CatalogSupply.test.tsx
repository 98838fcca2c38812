import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { z } from "zod";
import { AddStarterCatalogResponse, CatalogFeed, Paginated } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { renderApp, reply, signedIn, type StubRoutes } from "../../test/render";
import { serveSettings } from "./testing";

// The L&D leader fills the company catalog from /setting: the starter catalog in one click, and feeds
// (with hr) that a job reads.
const FEEDS = "/api/b2b/v1/catalog-feeds/";
const STARTER = "/api/b2b/v1/companies/1/starter-catalog/";

afterEach(() => vi.unstubAllGlobals());

const feed = (over: Partial<z.input<typeof CatalogFeed>>): z.input<typeof CatalogFeed> => ({
  id: 1,
  company_id: 1,
  url: "https://blog.example.org/feed.xml",
  title: "Engineering Blog",
  kind: "articles",
  skills: ["engineering"],
  status: "ok",
  last_error: null,
  last_refreshed_at: "2026-11-28T09:00:00Z",
  last_attempt_at: "2026-11-28T09:00:00Z",
  next_refresh_at: "2099-11-28T15:00:00Z",
  item_count: 12,
  created_at: "2026-11-20T09:00:00Z",
  ...over,
});
const FAILING = feed({
  id: 2,
  url: "https://podcast.example.org/rss",
  title: null,
  kind: null,
  skills: [],
  status: "failed",
  last_error: "feed_not_a_feed",
  last_refreshed_at: null,
  item_count: 0,
});
const page = (results: z.input<typeof CatalogFeed>[]) => reply(Paginated(CatalogFeed), { count: results.length, next: null, previous: null, results });

function serve(overrides: Partial<StubRoutes> = {}) {
  return serveSettings({ [`GET ${FEEDS}`]: page([feed({}), FAILING]), ...overrides });
}

const card = async () => within((await screen.findByRole("heading", { name: "Catalog content", level: 2 })).closest("section")!);

describe("/setting → Catalog content", () => {
  it("is not offered to a member or a team leader", async () => {
    for (const role of ["member", "teamleader"] as const) {
      const { calls } = serve();
      const { unmount } = renderApp(<AppRoutes />, { path: "/setting#catalog-supply-heading", session: signedIn(role) });
      expect(await screen.findByRole("heading", { name: "Personal Profile" })).toBeInTheDocument();
      expect(screen.queryByRole("heading", { name: "Catalog content" })).not.toBeInTheDocument();
      expect(calls().map((c) => c.call)).not.toContain(`GET ${FEEDS}?page_size=100`);
      unmount();
    }
  });

  it("offers hr the feeds but not the starter catalog", async () => {
    serve();
    renderApp(<AppRoutes />, { path: "/setting#catalog-supply-heading", session: signedIn("hr") });
    expect(await screen.findByRole("link", { name: "Catalog content" })).toHaveAttribute("href", "/setting#catalog-supply-heading");
    const section = await card();
    expect(await section.findByRole("heading", { name: "Engineering Blog" })).toBeInTheDocument();
    expect(section.queryByRole("button", { name: "Add starter catalog" })).not.toBeInTheDocument();
  });

  it("adds the starter catalog after a confirmation and says how many items were new", async () => {
    const { sent } = serve({ [`POST ${STARTER}`]: reply(AddStarterCatalogResponse, { company_id: 1, added: 170, already_present: 1 }) });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#catalog-supply-heading", session: signedIn("ldleader") });
    const section = await card();
    await user.click(await section.findByRole("button", { name: "Add starter catalog" }));
    const dialog = await screen.findByRole("dialog", { name: "Add the starter catalog?" });
    await user.click(within(dialog).getByRole("button", { name: "Add items" }));
    expect(await section.findByRole("status")).toHaveTextContent("Added 170 items to the catalog (1 already there).");
    expect(sent(`POST ${STARTER}`)).toHaveLength(1);
  });

  it("lists each feed's status, items, last read and error; refreshes one and unsubscribes another", async () => {
    const { sent, calls } = serve({
      [`POST ${FEEDS}1/refresh/`]: reply(CatalogFeed, feed({}), 202),
      [`DELETE ${FEEDS}2/`]: { status: 204 },
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#catalog-supply-heading", session: signedIn("ldleader") });
    const section = await card();
    const list = await section.findByRole("list", { name: "Feeds the catalog follows" });
    const [blog, podcast] = within(list).getAllByRole("listitem");
    expect(blog).toHaveTextContent("Up to date");
    expect(blog).toHaveTextContent("12 items added");
    expect(blog).toHaveTextContent("skills: engineering");
    expect(podcast).toHaveTextContent("Failing");
    expect(podcast).toHaveTextContent("The address does not serve an RSS or Atom feed. It will be tried again later.");
    expect(podcast).toHaveTextContent("not read yet");

    await user.click(within(blog!).getByRole("button", { name: "Refresh Engineering Blog now" }));
    await vi.waitFor(() => expect(calls().map((c) => c.call)).toContain(`POST ${FEEDS}1/refresh/`));

    await user.click(within(podcast!).getByRole("button", { name: "Unsubscribe from https://podcast.example.org/rss" }));
    const dialog = await screen.findByRole("dialog", { name: "Unsubscribe from https://podcast.example.org/rss?" });
    await user.click(within(dialog).getByRole("button", { name: "Unsubscribe" }));
    await vi.waitFor(() => expect(sent(`DELETE ${FEEDS}2/`)).toHaveLength(1));
  });

  // Typing addresses letter by letter takes a while on a busy machine.
  it("subscribes from the keyboard with the skills given, and shows the server's refusal in words", { timeout: 40_000 }, async () => {
    let refuse = true;
    const { sent } = serve({
      [`POST ${FEEDS}`]: () =>
        refuse
          ? { status: 400, body: { error: { code: "catalog_feed_youtube_handle", message: "x" } } }
          : reply(CatalogFeed, feed({ id: 3, status: "pending", url: "https://www.youtube.com/feeds/videos.xml?channel_id=UCabcdefghijklmnopqrstuv" }), 201),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#catalog-supply-heading", session: signedIn("hr") });
    const section = await card();
    await user.click(await section.findByLabelText("Skills (optional)"));
    await user.keyboard("Data, sql , data");
    const address = section.getByRole("textbox", { name: /Feed address/ });
    await user.click(address);
    await user.keyboard("https://www.youtube.com/@datatalks{Enter}");
    await vi.waitFor(() => expect(sent(`POST ${FEEDS}`)).toHaveLength(1));
    expect(await section.findByRole("alert")).toHaveTextContent("This YouTube address doesn't say which channel it is");
    expect(sent(`POST ${FEEDS}`)).toEqual([{ url: "https://www.youtube.com/@datatalks", skills: ["data", "sql"] }]);

    refuse = false;
    await user.clear(address);
    await user.type(address, "https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv{Enter}");
    await vi.waitFor(() => expect(sent(`POST ${FEEDS}`)).toHaveLength(2));
    await vi.waitFor(() => expect(address).toHaveValue(""));
  });
});
