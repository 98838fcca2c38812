import { useState } from "react";
import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderApp } from "../test/render";
import { TablePager } from "./TablePager";

function Cards({ count }: { count: number }) {
  const [page, setPage] = useState(1);
  return (
    <>
      <p>Showing page {page}</p>
      <TablePager label="Pages of saved items" count={count} page={page} pageSize={8} onPage={setPage} />
    </>
  );
}

describe("TablePager under a list of cards", () => {
  it("is a navigation named for its list that moves between pages", async () => {
    const user = userEvent.setup();
    renderApp(<Cards count={20} />);
    const nav = screen.getByRole("navigation", { name: "Pages of saved items" });
    expect(within(nav).getByText("1–8 of 20")).toBeInTheDocument();
    expect(within(nav).getByRole("button", { name: "Go to the previous page" })).toBeDisabled();
    await user.click(within(nav).getByRole("button", { name: "Go to the next page" }));
    expect(screen.getByText("Showing page 2")).toBeInTheDocument();
    expect(within(nav).getByText("9–16 of 20")).toBeInTheDocument();
  });

  it("shows nothing when everything fits on one page", () => {
    renderApp(<Cards count={8} />);
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Go to the next page" })).not.toBeInTheDocument();
  });
});
