import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ContentItem as ContentItemSchema, ContentItemDetail, type ItemState } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { renderApp, reply, serveFetch, signedIn } from "../../test/render";
import { contentItem } from "../../test/contentItem";

afterEach(() => vi.unstubAllGlobals());

const podcast: ContentItemDetail = {
  ...contentItem({
    id_primary: 7,
    id_content: 70,
    content_type: "podcast",
    title: "Episode on finishing things",
    url: "https://pod.example.org/finishing",
    author: "Host Name",
    duration_s: 1800,
    description: "Why done beats perfect.",
    provider: null,
    created_at: "2026-03-04T10:00:00.000Z",
  }),
  folders: [
    { id: 3, name: "Commute" },
    { id: 4, name: "Learning" },
  ],
  saved_by: { count: 4, results: [{ username: "grace", display_name: "Grace Hopper", avatar_url: null }] },
};

/** The item's page of `item`, its state changed by PATCH /state; the calls made. */
function serveItem(item: ContentItemDetail) {
  let state: ItemState | null = item.state;
  return serveFetch({
    "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
    [`GET /api/contentuser/${item.id_primary}/`]: () => reply(ContentItemDetail, { ...item, state }),
    [`GET /api/contentuser/${item.id_primary}/note/`]: {
      body: { id_primary: item.id_primary, note: "Listen **twice**.", updated_at: "2026-03-05T10:00:00.000Z" },
    },
    [`GET /api/contentuser/${item.id_primary}/highlights/`]: { body: { count: 0, next: null, previous: null, results: [] } },
    [`GET /api/contentuser/${item.id_primary}/text`]: {
      body: {
        id_primary: item.id_primary,
        title: "Finishing things, the transcript",
        byline: null,
        site_name: null,
        excerpt: null,
        url: "https://pod.example.org/finishing",
        text: "Done beats perfect.\n\nShip it.",
        word_count: 5,
        reading_minutes: 1,
        read_at: "2026-03-04T10:00:00.000Z",
      },
    },
    [`GET /api/contentuser/${item.id_primary}/plan-skills`]: {
      body: { attached: [{ plan: { id: 3, title: "Focus sprint", deadline: "2099-01-31" }, skill: "focus" }], options: [] },
    },
    [`PATCH /api/contentuser/${item.id_primary}/state/`]: ({ body }: { body: unknown }) => {
      state = (body as { state: ItemState | null }).state;
      return reply(ContentItemSchema, { ...contentItem(item), state });
    },
  }).calls;
}

describe("/home/item/:id", () => {
  it("shows the item's details, the folders it is in and who else saved it", async () => {
    serveItem(podcast);
    renderApp(<AppRoutes />, { path: "/home/item/7", session: signedIn("member") });
    expect(await screen.findByRole("heading", { level: 1, name: "Episode on finishing things" })).toBeInTheDocument();
    expect(document.title).toMatch(/^Episode on finishing things · /);
    expect(screen.getByText("Podcast")).toBeInTheDocument();
    expect(screen.getByText("Host Name · 30 min")).toBeInTheDocument();
    expect(screen.getByText("Saved on March 4, 2026")).toBeInTheDocument();
    expect(screen.getByText("Why done beats perfect.")).toBeInTheDocument();
    const source = screen.getByRole("link", { name: "Open the original" });
    expect(source).toHaveAttribute("href", "https://pod.example.org/finishing");
    expect(source).toHaveAttribute("target", "_blank");
    expect(source).toHaveAttribute("rel", "noopener noreferrer");

    // My note rendered, and the page's kept text in the reader.
    expect(await screen.findByText("twice", { selector: "strong" })).toBeInTheDocument();
    const reader = screen.getByRole("region", { name: "Reader" });
    expect(await within(reader).findByRole("heading", { name: "Finishing things, the transcript" })).toBeInTheDocument();
    expect(within(reader).getByText("Ship it.")).toBeInTheDocument();
    const plans = screen.getByRole("region", { name: "Counts towards my plans" });
    expect(await within(plans).findByText("Focus sprint · focus")).toBeInTheDocument();
    const folders = screen.getByRole("list", { name: "Folders that hold this item" });
    expect(within(folders).getByRole("link", { name: "Commute" })).toHaveAttribute("href", "/home?tab=folders&folder=3");
    expect(within(folders).getByRole("link", { name: "Learning" })).toHaveAttribute("href", "/home?tab=folders&folder=4");
    const savers = screen.getByRole("list", { name: "Colleagues who saved this" });
    expect(within(savers).getByRole("link", { name: "Grace Hopper" })).toHaveAttribute("href", "/profile/grace");
    expect(screen.getByText("and 3 more people")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete" })).toBeInTheDocument();
  });

  it("moves the item to another state with the card's control", async () => {
    const calls = serveItem(podcast);
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/home/item/7", session: signedIn("member") });
    await user.click(await screen.findByRole("button", { name: "Status of “Episode on finishing things”: No status" }));
    await user.click(screen.getByRole("menuitemradio", { name: "In progress" }));
    expect(await screen.findByRole("button", { name: "Status of “Episode on finishing things”: In progress" })).toBeInTheDocument();
    expect(calls().filter((c) => c.call.startsWith("PATCH"))).toEqual([{ call: "PATCH /api/contentuser/7/state/", body: { state: "running" } }]);
    // Asked again after the move, it still says so.
    expect(calls().filter((c) => c.call === "GET /api/contentuser/7/").length).toBeGreaterThan(1);
    expect(screen.getByRole("button", { name: "Status of “Episode on finishing things”: In progress" })).toBeInTheDocument();
  });

  it("deletes the item with the library's undo and goes back to the library", async () => {
    const { calls } = serveFetch({
      "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
      "GET /api/contentuser/7/": reply(ContentItemDetail, podcast),
      "DELETE /api/contentuser/delete/": { body: { id_primary: 7, folder_relations: [] } },
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/home/item/7", session: signedIn("member") });
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    expect(await screen.findByText("“Episode on finishing things” deleted")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Undo" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 1, name: "Home" })).toBeInTheDocument();
    expect(calls().map((c) => c.call)).toContain("DELETE /api/contentuser/delete/?id_primary=7");
  });

  it("says plainly when the item is not mine or not there, with the way back", async () => {
    serveItem(podcast);
    renderApp(<AppRoutes />, { path: "/home/item/8", session: signedIn("member") });
    expect(await screen.findByText("This item isn't in your library")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Item not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to my library" })).toHaveAttribute("href", "/home");
  });

  it("answers an id that is no number without asking the server", async () => {
    const { fetch } = serveFetch({ "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } } });
    renderApp(<AppRoutes />, { path: "/home/item/not-a-number", session: signedIn("member") });
    expect(await screen.findByText("This item isn't in your library")).toBeInTheDocument();
    expect(fetch.mock.calls.map(([input]) => String(input)).filter((url) => url.includes("/api/contentuser"))).toEqual([]);
  });
});
