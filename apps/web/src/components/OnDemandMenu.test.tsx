import { useState } from "react";
import { describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import MenuItem from "@mui/material/MenuItem";
import { OnDemandMenu } from "./OnDemandMenu";

let renders = 0;
function Counted({ children }: { children: string }) {
  renders++;
  return <MenuItem>{children}</MenuItem>;
}

function Card() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <button type="button" aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
        Actions
      </button>
      <OnDemandMenu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <Counted>Edit</Counted>
        <Counted>Delete</Counted>
      </OnDemandMenu>
    </>
  );
}

describe("OnDemandMenu", () => {
  it("draws nothing until first opened, then opens, closes and opens again", async () => {
    const user = userEvent.setup();
    renders = 0;
    const { baseElement } = render(<Card />);
    expect(baseElement.querySelector(".MuiPopover-root, .MuiModal-root")).toBeNull();
    expect(renders).toBe(0);

    await user.click(screen.getByRole("button", { name: "Actions" }));
    expect(await screen.findByRole("menuitem", { name: "Edit" })).toBeVisible();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());

    await user.click(screen.getByRole("button", { name: "Actions" }));
    expect(await screen.findByRole("menuitem", { name: "Delete" })).toBeVisible();
  });
});
