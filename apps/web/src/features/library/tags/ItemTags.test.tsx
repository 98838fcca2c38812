import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ItemTags as ItemTagsAnswer, TagSuggestions } from "@learnward/contracts";
import { renderApp, reply, serveFetch, signedIn } from "../../../test/render";
import { ItemTags } from "./ItemTags";

afterEach(() => vi.unstubAllGlobals());

/** The server's answers: suggestions for what was typed, and the item's tags as sent (in name order). */
function serve(opts: { refuse?: boolean } = {}) {
  return serveFetch({
    "GET /api/contentuser/tags/suggest": ({ url }) =>
      reply(TagSuggestions, {
        results: (url.searchParams.get("q") ?? "").toLowerCase().startsWith("da")
          ? [
              { name: "Data science", source: "mine" },
              { name: "Databases", source: "skill" },
            ]
          : [],
      }),
    "PUT /api/contentuser/5/tags": ({ body }) =>
      opts.refuse
        ? { status: 404, body: { error: { code: "not_found", message: "Content not found" } } }
        : reply(ItemTagsAnswer, { id_primary: 5, tags: [...(body as { tags: string[] }).tags].sort((a, b) => a.localeCompare(b)) }),
  });
}

describe("an item's tags", () => {
  it("adds a suggestion, a new name typed with Enter, and takes one off with the keyboard, saving each change", async () => {
    const { sent } = serve();
    const user = userEvent.setup();
    renderApp(<ItemTags itemId={5} tags={["sql"]} />, { path: "/home", session: signedIn("member") });
    const box = screen.getByRole("combobox", { name: "Tags" });
    expect(screen.getByRole("button", { name: "sql" })).toBeInTheDocument();

    await user.click(box);
    await user.type(box, "da");
    // My tags first, then the catalog's skills, each under its heading.
    const listbox = await screen.findByRole("listbox");
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["Data science", "Databases"]),
    );
    expect(within(listbox).getByText("Skills in your company's catalog")).toBeInTheDocument();
    await user.click(within(listbox).getByRole("option", { name: "Databases" }));
    await waitFor(() => expect(sent("PUT /api/contentuser/5/tags")).toEqual([{ tags: ["sql", "Databases"] }]));

    await user.type(box, "  #Leadership  {Enter}");
    await waitFor(() => expect(sent("PUT /api/contentuser/5/tags")).toHaveLength(2));
    expect(sent("PUT /api/contentuser/5/tags")[1]).toEqual({ tags: ["Databases", "sql", "Leadership"] });
    expect(await screen.findByRole("button", { name: "Leadership" })).toBeInTheDocument();

    // Backspace in the empty box takes the last tag off.
    await user.type(box, "{Backspace}");
    await waitFor(() => expect(sent("PUT /api/contentuser/5/tags")).toHaveLength(3));
    expect(sent("PUT /api/contentuser/5/tags")[2]).toEqual({ tags: ["Databases", "Leadership"] });
  });

  it("puts the tags back and says why when the server refuses the change", async () => {
    serve({ refuse: true });
    const user = userEvent.setup();
    renderApp(<ItemTags itemId={5} tags={["sql"]} />, { path: "/home", session: signedIn("member") });
    await user.type(screen.getByRole("combobox", { name: "Tags" }), "new{Enter}");
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: "new" })).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "sql" })).toBeInTheDocument();
  });
});
