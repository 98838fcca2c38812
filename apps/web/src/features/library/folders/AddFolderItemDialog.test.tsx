import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderApp, signedIn } from "../../../test/render";
import { serveFetch } from "../../../test/fetch";
import { AddFolderItemDialog } from "./AddFolderItemDialog";

afterEach(() => vi.unstubAllGlobals());

const folder = { id: 3, name: "SQL", count: 0, created_at: "2026-01-05T09:00:00.000Z" };

describe("add a new link to a folder", () => {
  it("checks the link and title with the form's schema before asking the server, and limits the title to its length", async () => {
    const { calls } = serveFetch({ "GET /api/contentuser/search": { body: { count: 0, results: [], links: { next: null, previous: null } } } });
    const user = userEvent.setup();
    renderApp(<AddFolderItemDialog folder={folder} sections={[{ list: null, name: "SQL" }]} onClose={vi.fn()} />, {
      path: "/home",
      session: signedIn("member"),
    });
    const dialog = screen.getByRole("dialog", { name: "Add to SQL" });
    await user.click(within(dialog).getByRole("tab", { name: "New link" }));
    const title = within(dialog).getByRole("textbox", { name: /^Title/ });
    expect(title).toHaveAttribute("maxlength", "300");

    await user.type(within(dialog).getByRole("textbox", { name: /^Link/ }), "not a link");
    await user.click(within(dialog).getByRole("button", { name: "Add link" }));
    expect(await within(dialog).findByText("Required")).toBeInTheDocument();
    expect(calls().filter(({ call }) => call.startsWith("POST"))).toEqual([]);
  });
});
