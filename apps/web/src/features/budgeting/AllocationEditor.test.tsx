import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Budget } from "@learnward/contracts";
import { renderApp, signedIn, stubFetch } from "../../test/render";
import { AllocationEditor } from "./AllocationEditor";

afterEach(() => vi.unstubAllGlobals());

const budget: Budget = {
  id: 3,
  period: "year",
  period_start: "2026-01-01",
  period_end: "2026-12-31",
  frequency: null,
  amount_minor: 100_000,
  currency: "USD",
  allocated_minor: 60_000,
  unallocated_minor: 40_000,
  reserved_minor: 0,
  paid_minor: 0,
  allocations: [{ id: 1, team: { id: 7, name: "Engineering" }, amount_minor: 60_000, reserved_minor: 0, paid_minor: 0, remaining_minor: 60_000 }],
  created_at: "2026-01-01T00:00:00.000Z",
};

describe("AllocationEditor", () => {
  it("shows what is left as you type and refuses more than the budget has", async () => {
    const fetch = vi.fn(stubFetch({ "POST /api/b2b/v1/budgets/3/allocations/": { body: budget } }));
    vi.stubGlobal("fetch", fetch);
    const user = userEvent.setup();
    renderApp(
      <AllocationEditor
        budget={budget}
        teams={[
          { id: 7, name: "Engineering" },
          { id: 8, name: "Marketing" },
        ]}
      />,
      { session: signedIn("ldleader") },
    );

    const marketing = screen.getByRole("textbox", { name: "Allocation for Marketing" });
    expect(screen.getAllByText("Left to allocate: $400.00")).toHaveLength(2);
    await user.type(marketing, "150");
    expect(screen.getByText("Left to allocate: $250.00")).toBeInTheDocument();
    await user.type(marketing, "0");
    expect(screen.getByText("That is $1,100.00 more than the budget has left")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save the allocation for Marketing" })).toBeDisabled();

    await user.clear(marketing);
    await user.type(marketing, "400.00");
    expect(screen.getByText("Left to allocate: $0.00")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save the allocation for Marketing" }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ team_id: 8, amount_minor: 40_000 });
  });
});
