import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ItemNote } from "@learnward/contracts";
import { renderApp, reply, serveFetch, signedIn } from "../../../test/render";
import { stubFetch } from "../../../test/fetch";
import { libraryKey } from "../query";
import { ItemNotes } from "./ItemNotes";

afterEach(() => vi.unstubAllGlobals());

const note = (text: string) => reply(ItemNote, { id_primary: 5, note: text, updated_at: text ? "2026-11-29T10:00:00.000Z" : null });
const show = () => renderApp(<ItemNotes itemId={5} />, { path: "/home/item/5", session: signedIn("member") });

describe("a saved item's note", () => {
  it("shows the note as Markdown, never running or linking what could run", async () => {
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    serveFetch({
      "GET /api/contentuser/5/note/": note(
        [
          "# Takeaways",
          "",
          "- **rank()** numbers rows",
          "- see [the guide](https://guides.example.org/sql)",
          "",
          '<script>alert("note")</script><img src=x onerror="alert(1)">',
          "",
          "[click me](javascript:alert(1)) and [data](data:text/html,<script>alert(2)</script>)",
          "",
          "![tracker](https://tracker.example.com/pixel.png)",
        ].join("\n"),
      ),
    });
    const { container } = show();

    const section = await screen.findByRole("region", { name: "Notes" });
    expect(await within(section).findByRole("heading", { name: "Takeaways" })).toBeInTheDocument();
    expect(within(section).getByText("rank()").tagName).toBe("STRONG");
    const guide = within(section).getByRole("link", { name: "the guide" });
    expect(guide).toHaveAttribute("href", "https://guides.example.org/sql");
    expect(guide).toHaveAttribute("target", "_blank");
    expect(guide.getAttribute("rel")).toContain("noopener");

    // Raw HTML is left out, and links that would run code are not links.
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("[onerror]")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
    expect(within(section).getByText("click me").closest("a")).toBeNull();
    expect(within(section).getByText("data").closest("a")).toBeNull();
    for (const link of within(section).getAllByRole("link")) expect(link.getAttribute("href")).toMatch(/^https:\/\//);
    // A picture is a link to it, not loaded.
    expect(within(section).getByRole("link", { name: "tracker" })).toHaveAttribute("href", "https://tracker.example.com/pixel.png");
    expect(alert).not.toHaveBeenCalled();
  });

  it("is written in a labelled text area and saved whole with PUT", async () => {
    let saved = "";
    const { sent } = serveFetch({
      "GET /api/contentuser/5/note/": note(""),
      "PUT /api/contentuser/5/note/": (request) => {
        saved = (request.body as { note: string }).note;
        return reply(ItemNote, { id_primary: 5, note: saved, updated_at: "2026-11-29T10:00:00.000Z" });
      },
    });
    const user = userEvent.setup();
    show();

    expect(await screen.findByText("No notes yet.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add a note" }));
    const area = screen.getByRole("textbox", { name: "Note" });
    expect(area).toHaveAttribute("maxlength", "20000");
    await user.type(area, "## Why{enter}{enter}Because _it_ matters");
    await user.click(screen.getByRole("button", { name: "Save note" }));

    expect(await screen.findByRole("heading", { name: "Why" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Note" })).not.toBeInTheDocument();
    expect(sent("PUT /api/contentuser/5/note/")).toEqual([{ note: "## Why\n\nBecause _it_ matters" }]);
  });

  it("keeps the draft and says why when the server refuses it; Cancel goes back to the note", async () => {
    serveFetch({
      "GET /api/contentuser/5/note/": note("Kept"),
      "PUT /api/contentuser/5/note/": { status: 404, body: { error: { code: "not_found", message: "Not found" } } },
    });
    const user = userEvent.setup();
    show();

    await user.click(await screen.findByRole("button", { name: "Edit note" }));
    const area = screen.getByRole("textbox", { name: "Note" });
    await user.clear(area);
    await user.type(area, "Changed");
    await user.click(screen.getByRole("button", { name: "Save note" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(/\S/);
    expect(screen.getByRole("textbox", { name: "Note" })).toHaveValue("Changed");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByText("Kept")).toBeInTheDocument();
  });
  it("keeps the saved note when a reload of the library, sent before the save, answers after it", async () => {
    // A tag or status change reloads the whole library, this note included; that read can reach the
    // server before the save does and answer after it, with the note as it was.
    let saved = "";
    let releaseRead = () => {};
    let reads = 0;
    const answer = stubFetch({
      "GET /api/contentuser/5/note/": () => note(""),
      "PUT /api/contentuser/5/note/": (request) => {
        saved = (request.body as { note: string }).note;
        return reply(ItemNote, { id_primary: 5, note: saved, updated_at: "2026-11-29T10:00:00.000Z" });
      },
    });
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const late = (init?.method ?? "GET") === "GET" && ++reads === 2;
      const response = await answer(input, init);
      if (!late) return response;
      await new Promise<void>((resolve) => (releaseRead = resolve));
      init?.signal?.throwIfAborted();
      return response;
    });
    const user = userEvent.setup();
    const { queryClient } = show();

    await user.click(await screen.findByRole("button", { name: "Add a note" }));
    await user.type(screen.getByRole("textbox", { name: "Note" }), "## Why");
    void queryClient.invalidateQueries({ queryKey: libraryKey });
    await waitFor(() => expect(reads).toBe(2));
    await user.click(screen.getByRole("button", { name: "Save note" }));
    expect(await screen.findByRole("heading", { name: "Why" })).toBeInTheDocument();

    releaseRead();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getByRole("heading", { name: "Why" })).toBeInTheDocument();
    expect(screen.queryByText("No notes yet.")).not.toBeInTheDocument();
  });
});
