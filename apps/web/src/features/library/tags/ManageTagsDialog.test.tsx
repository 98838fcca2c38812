import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DeleteTagResponse, RenameTagResponse, Tag, TagList } from "@learnward/contracts";
import { renderApp, reply, serveFetch, signedIn } from "../../../test/render";
import ManageTagsDialog from "./ManageTagsDialog";

afterEach(() => vi.unstubAllGlobals());

const tags = [
  { id: 1, name: "js", count: 2 },
  { id: 2, name: "JavaScript", count: 3 },
  { id: 3, name: "web", count: 1 },
];

describe("managing my tags", () => {
  it("renames, merges the ticked tags into the one kept, and deletes only after a confirmation", async () => {
    const { calls } = serveFetch({
      "GET /api/contentuser/tags": reply(TagList, { results: tags }),
      "PATCH /api/contentuser/tags/3": reply(RenameTagResponse, { id: 3, name: "Web dev", count: 1, merged: false }),
      "POST /api/contentuser/tags/merge": reply(Tag, { id: 2, name: "JavaScript", count: 4 }),
      "DELETE /api/contentuser/tags/3": reply(DeleteTagResponse, { id: 3, items: 1 }),
    });
    const user = userEvent.setup();
    renderApp(<ManageTagsDialog onClose={vi.fn()} />, { path: "/home", session: signedIn("member") });
    const list = await screen.findByRole("list", { name: "Your tags" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);

    await user.click(screen.getByRole("button", { name: "Rename web" }));
    const name = screen.getByRole("textbox", { name: "New name for web" });
    await user.clear(name);
    await user.type(name, "Web dev{Enter}");
    expect(await screen.findByText("Tag renamed to “Web dev”")).toBeInTheDocument();

    await user.click(screen.getByRole("checkbox", { name: "Select js to merge" }));
    await user.click(screen.getByRole("checkbox", { name: "Select JavaScript to merge" }));
    await user.click(screen.getByRole("combobox", { name: "Keep" }));
    await user.click(await screen.findByRole("option", { name: "JavaScript" }));
    await user.click(screen.getByRole("button", { name: "Merge 2 tags" }));
    expect(await screen.findByText("Tags merged into “JavaScript”")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete web" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete the tag “web”?" });
    expect(within(confirm).getByText("It comes off 1 item. The item stays in your library.")).toBeInTheDocument();
    expect(calls().some((c) => c.call.startsWith("DELETE"))).toBe(false);
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(calls().filter((c) => !c.call.startsWith("GET"))).toEqual([
        { call: "PATCH /api/contentuser/tags/3", body: { name: "Web dev" } },
        { call: "POST /api/contentuser/tags/merge", body: { tag_ids: [1], into_tag_id: 2 } },
        { call: "DELETE /api/contentuser/tags/3", body: undefined },
      ]),
    );
  });
});
