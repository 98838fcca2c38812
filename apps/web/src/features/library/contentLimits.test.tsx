import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderApp, signedIn } from "../../test/render";
import { serveFetch } from "../../test/fetch";
import { maxLengthOf } from "../../components/formRules";
import EditContentDialog from "./EditContentDialog";
import { ContentForm, NewLinkForm } from "./forms";
import { contentItem } from "../../test/contentItem";

// The library's forms take their limits from the contracts' request schemas, not from a copy: with
// the contracts' limits narrowed here, the forms follow.
vi.mock("@learnward/contracts", async (importOriginal) => {
  const contracts = await importOriginal<typeof import("@learnward/contracts")>();
  const { z } = await import("zod");
  return {
    ...contracts,
    UpdateContentRequest: contracts.UpdateContentRequest.extend({
      title: z.string().trim().min(1).max(12).optional(),
      author: z.string().trim().max(7).nullable().optional(),
      description: z.string().trim().max(40).nullable().optional(),
    }),
    CreateFolderContentRequest: contracts.CreateFolderContentRequest.safeExtend({ title: z.string().trim().max(9).optional() }),
  };
});

afterEach(() => vi.unstubAllGlobals());

const item = contentItem();

describe("the library's form limits come from the contracts", () => {
  it("refuses a title longer than the request schema allows, with the translated limit message, and sends nothing", async () => {
    const { calls } = serveFetch({});
    const user = userEvent.setup();
    renderApp(<EditContentDialog item={item} onClose={vi.fn()} />, { path: "/home", session: signedIn("member") });

    const title = screen.getByLabelText(/^Title/);
    expect(title).toHaveAttribute("maxlength", "12");
    expect(screen.getByLabelText(/^Author/)).toHaveAttribute("maxlength", "7");
    expect(screen.getByLabelText(/^Description/)).toHaveAttribute("maxlength", "40");
    // Pasted past the field's limit (a paste is not cut by every browser).
    fireEvent.change(title, { target: { value: "SQL from zero to hero" } });
    await user.click(screen.getByRole("button", { name: "Save changes" }));

    expect(await screen.findByText("Too long")).toBeInTheDocument();
    expect(title).toHaveAccessibleDescription("Too long");
    expect(calls()).toEqual([]);
  });

  it("checks a new folder link's title with the folder request's limit", () => {
    expect(maxLengthOf(NewLinkForm, "title")).toBe(9);
    expect(NewLinkForm.safeParse({ url: "https://example.com/a", title: "ten chars!" }).success).toBe(false);
    expect(maxLengthOf(ContentForm, "title")).toBe(12);
  });
});
