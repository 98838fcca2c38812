import { forwardRef, useState } from "react";
import { describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import MenuItem from "@mui/material/MenuItem";
import Popover, { type PopoverProps } from "@mui/material/Popover";
import { OnDemandMenu } from "./OnDemandMenu";

/** The menu's popover, counted: a closed MUI Menu renders it (and its modal) all the same. */
let popoverRenders = 0;
const CountedPopover = forwardRef<HTMLDivElement, PopoverProps & { ownerState?: unknown }>(function CountedPopover({ ownerState: _ownerState, ...props }, ref) {
  popoverRenders++;
  return <Popover ref={ref} {...props} />;
});

function Card() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <button type="button" aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
        Actions
      </button>
      <OnDemandMenu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slots={{ root: CountedPopover }}>
        <MenuItem>Edit</MenuItem>
        <MenuItem>Delete</MenuItem>
      </OnDemandMenu>
    </>
  );
}

describe("OnDemandMenu", () => {
  it("draws nothing until first opened, then opens, closes and opens again", async () => {
    const user = userEvent.setup();
    popoverRenders = 0;
    render(<Card />);
    expect(popoverRenders).toBe(0);

    await user.click(screen.getByRole("button", { name: "Actions" }));
    expect(await screen.findByRole("menuitem", { name: "Edit" })).toBeVisible();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());

    await user.click(screen.getByRole("button", { name: "Actions" }));
    expect(await screen.findByRole("menuitem", { name: "Delete" })).toBeVisible();
  });
});
