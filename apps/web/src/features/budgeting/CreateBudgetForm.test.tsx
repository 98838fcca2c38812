import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Budget } from "@learnward/contracts";
import { renderApp, signedIn, stubFetch } from "../../test/render";
import { CreateBudgetForm } from "./CreateBudgetForm";
import { EditBudgetForm } from "./EditBudgetForm";

afterEach(() => vi.unstubAllGlobals());

const created: Budget = {
  id: 12,
  period: "year",
  period_start: "2026-01-01",
  period_end: "2026-12-31",
  frequency: null,
  amount_minor: 150_050,
  currency: "USD",
  allocated_minor: 0,
  unallocated_minor: 150_050,
  reserved_minor: 0,
  paid_minor: 0,
  allocations: [],
  created_at: "2026-01-02T09:00:00.000Z",
};

const posts = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method && (init as RequestInit).method !== "GET")
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String((init as RequestInit).body)) as unknown }));

describe("company budget forms (checked with the contracts' schemas)", () => {
  it("creates a budget only with an amount the server takes, sends it in minor units, then starts the amount over", async () => {
    const fetch = vi.fn(stubFetch({ "POST /api/b2b/v1/budgets/": { status: 201, body: created } }));
    vi.stubGlobal("fetch", fetch);
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderApp(<CreateBudgetForm currency="USD" onCreated={onCreated} />, { session: signedIn("ldleader") });
    const amount = screen.getByRole("textbox", { name: /^Amount/ });

    await user.click(screen.getByRole("button", { name: "Create budget" }));
    expect(await screen.findByText("Enter an amount")).toBeInTheDocument();
    await user.type(amount, "1,000.00");
    await user.click(screen.getByRole("button", { name: "Create budget" }));
    expect(await screen.findByText(/^Use digits with up to two decimals/)).toBeInTheDocument();
    expect(posts(fetch)).toEqual([]);

    await user.clear(amount);
    await user.type(amount, "1500.50");
    await user.click(screen.getByRole("button", { name: "Create budget" }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(12));
    expect(posts(fetch)).toEqual([
      {
        url: expect.stringContaining("/api/b2b/v1/budgets/") as unknown as string,
        body: { period: "year", period_start: `${new Date().getFullYear()}-01-01`, amount_minor: 150_050, frequency: null },
      },
    ]);
    expect(amount).toHaveValue("");
  });

  it("edits the amount, saying at once what is wrong with it", async () => {
    const fetch = vi.fn(stubFetch({ "PATCH /api/b2b/v1/budgets/12/": { body: { ...created, amount_minor: 200_000 } } }));
    vi.stubGlobal("fetch", fetch);
    const user = userEvent.setup();
    renderApp(<EditBudgetForm budget={created} />, { session: signedIn("ldleader") });
    const amount = screen.getByRole("textbox", { name: /^Amount/ });
    expect(amount).toHaveValue("1500.50");
    await user.clear(amount);
    expect(await screen.findByText("Enter an amount")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save changes" })).toBeDisabled();
    await user.type(amount, "2000");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() =>
      expect(posts(fetch)).toEqual([
        { url: expect.stringContaining("/api/b2b/v1/budgets/12/") as unknown as string, body: { amount_minor: 200_000, frequency: null } },
      ]),
    );
  });
});
