import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Highlight, Paginated } from "@learnward/contracts";
import { renderApp, reply, serveFetch, signedIn } from "../../../test/render";
import { ItemHighlights } from "./ItemNotes";

afterEach(() => vi.unstubAllGlobals());

const highlight = (id: number, text: string, comment: string | null): Highlight => ({
  id,
  id_primary: 5,
  text,
  comment,
  position: null,
  created_at: "2026-11-29T10:00:00.000Z",
  updated_at: "2026-11-29T10:00:00.000Z",
});
const page = (results: Highlight[]) => reply(Paginated(Highlight), { count: results.length, next: null, previous: null, results });
const show = () => renderApp(<ItemHighlights itemId={5} />, { path: "/home/item/5", session: signedIn("member") });

describe("a saved item's highlights", () => {
  it("lists each passage as a quote with its comment", async () => {
    serveFetch({
      "GET /api/contentuser/5/highlights/": page([highlight(1, "Window functions rank rows.", "Key idea"), highlight(2, "<b>Not bold</b>", null)]),
    });
    show();
    const section = await screen.findByRole("region", { name: "Highlights (2)" });
    const items = within(section).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Window functions rank rows.");
    expect(items[0]).toHaveTextContent("Key idea");
    // A passage is text, whatever it looks like.
    expect(within(items[1]!).getByText("<b>Not bold</b>")).toBeInTheDocument();
    expect(items[1]).toHaveTextContent("No comment");
  });

  it("adds a pasted passage with a comment, and asks for a passage when there is none", async () => {
    let listed: Highlight[] = [];
    const { sent } = serveFetch({
      "GET /api/contentuser/5/highlights/": () => page(listed),
      "POST /api/contentuser/5/highlights/": (request) => {
        const body = request.body as { text: string; comment?: string };
        listed = [highlight(3, body.text, body.comment ?? null)];
        return reply(Highlight, listed[0]!, 201);
      },
    });
    const user = userEvent.setup();
    show();

    expect(await screen.findByText(/No highlights yet/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add highlight" }));
    expect(screen.getByText("Paste a passage to highlight.")).toBeInTheDocument();
    expect(sent("POST /api/contentuser/5/highlights/")).toEqual([]);

    await user.click(screen.getByRole("textbox", { name: /^Passage/ }));
    await user.paste("Indexes make reads fast.");
    await user.type(screen.getByRole("textbox", { name: "Comment (optional)" }), "Check our tables");
    await user.click(screen.getByRole("button", { name: "Add highlight" }));

    expect(await screen.findByText("Indexes make reads fast.")).toBeInTheDocument();
    expect(sent("POST /api/contentuser/5/highlights/")).toEqual([{ text: "Indexes make reads fast.", comment: "Check our tables" }]);
    expect(screen.getByRole("textbox", { name: /^Passage/ })).toHaveValue("");
  });

  it("edits a comment in place and deletes a highlight after confirming", async () => {
    let listed = [highlight(1, "Window functions rank rows.", "Key idea")];
    const { sent } = serveFetch({
      "GET /api/contentuser/5/highlights/": () => page(listed),
      "PATCH /api/contentuser/highlights/1/": (request) => {
        listed = [{ ...listed[0]!, comment: (request.body as { comment: string | null }).comment }];
        return reply(Highlight, listed[0]!);
      },
      "DELETE /api/contentuser/highlights/1/": () => {
        const gone = listed[0]!;
        listed = [];
        return reply(Highlight, gone);
      },
    });
    const user = userEvent.setup();
    show();

    await user.click(await screen.findByRole("button", { name: "Edit the comment on “Window functions rank rows.”" }));
    const comment = screen.getByRole("textbox", { name: "Comment" });
    expect(comment).toHaveValue("Key idea");
    await user.clear(comment);
    await user.type(comment, "The main idea");
    await user.click(screen.getByRole("button", { name: "Save comment" }));
    expect(await screen.findByText("The main idea")).toBeInTheDocument();
    expect(sent("PATCH /api/contentuser/highlights/1/")).toEqual([{ comment: "The main idea" }]);

    await user.click(screen.getByRole("button", { name: "Delete the highlight “Window functions rank rows.”" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this highlight?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(/No highlights yet/)).toBeInTheDocument();
    expect(sent("DELETE /api/contentuser/highlights/1/")).toHaveLength(1);
  });
});
