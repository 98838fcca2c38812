import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import type { Budget } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { renderApp, signedIn, stubFetch } from "../../test/render";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const budget = (id: number, period: Budget["period"], period_start: string, period_end: string): Budget => ({
  id,
  period,
  period_start,
  period_end,
  frequency: null,
  amount_minor: 1_000_000,
  currency: "USD",
  allocated_minor: 0,
  unallocated_minor: 1_000_000,
  reserved_minor: 0,
  paid_minor: 0,
  allocations: [],
  created_at: "2026-01-02T09:00:00.000Z",
});

describe("/budgetingPlan/companyBudget", () => {
  it("opens on the budget that covers today, not one planned ahead for next year", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-25T10:00:00Z"), toFake: ["Date"] });
    // Newest first, as the server lists them: a month of next year was set up in advance.
    const results = [budget(9, "month", "2027-03-01", "2027-03-31"), budget(4, "year", "2026-01-01", "2026-12-31")];
    vi.stubGlobal(
      "fetch",
      stubFetch({
        "GET /api/b2b/v1/budgets/": { body: { count: 2, next: null, previous: null, results } },
        "GET /api/b2b/v1/teams/": { body: { count: 0, next: null, previous: null, results: [] } },
        "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
      }),
    );
    renderApp(<AppRoutes />, { path: "/budgetingPlan/companyBudget", session: signedIn("ldleader") });
    expect(await screen.findByRole("heading", { level: 2, name: "Year 2026 budget" })).toBeInTheDocument();
  });
});
