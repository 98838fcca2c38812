import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderApp, signedIn } from "../../test/render";
import { serveFetch } from "../../test/fetch";
import EditContentDialog from "./EditContentDialog";
import { contentItem } from "../../test/contentItem";

afterEach(() => vi.unstubAllGlobals());

const item = contentItem({
  // A seed picture that is not an http(s) link: it is kept as it is.
  image_url: "data:image/svg+xml,%3Csvg%3E%3C/svg%3E",
});

describe("edit a saved item", () => {
  it("sends only the changed fields with PATCH /api/contentuser/{id}/", async () => {
    const { calls } = serveFetch({ "PATCH /api/contentuser/5/": { body: { ...item, title: "SQL from zero", is_private: true } } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderApp(<EditContentDialog item={item} onClose={onClose} />, { path: "/home", session: signedIn("member") });

    expect(screen.getByLabelText(/^Duration in minutes/)).toHaveValue("13");
    const title = screen.getByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, "SQL from zero");
    await user.click(screen.getByRole("combobox", { name: /^Who can see it/ }));
    await user.click(await screen.findByRole("option", { name: "Only me (private)" }));
    await user.click(screen.getByRole("button", { name: "Save changes" }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls()).toEqual([{ call: "PATCH /api/contentuser/5/", body: { title: "SQL from zero", is_private: true } }]);
  });

  it("takes no more characters than the form's schema allows", async () => {
    serveFetch({});
    renderApp(<EditContentDialog item={item} onClose={vi.fn()} />, { path: "/home", session: signedIn("member") });
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute("maxlength", "300");
    expect(screen.getByLabelText(/^Author/)).toHaveAttribute("maxlength", "200");
  });
});
