import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { AppRoutes } from "../../app/router";
import { renderApp, signedIn } from "../../test/render";
import { auditEntry, budget, callsOf, page, serveAdmin } from "../../features/admin/testing";

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage("en");
});

const acmeBudget = budget(3);
const globexBudget = budget(4, {
  company: { id: 2, name: "Globex" },
  period: "month",
  period_start: "2026-03-01",
  currency: "EUR",
  amount_minor: 120_000,
  allocated_minor: 0,
  reserved_minor: 0,
  paid_minor: 0,
});
const adjusted = auditEntry(20, {
  entity: "budget",
  entity_id: 3,
  action: "adjust",
  reason: "Q4 top-up",
  before: { company_id: 1, period: "year", period_start: "2026-01-01", amount_minor: 1_000_000, currency: "USD" },
  after: { company_id: 1, period: "year", period_start: "2026-01-01", amount_minor: 1_500_000, currency: "USD" },
  company_names: { "1": "Acme" },
});

function serve(routes: Parameters<typeof serveAdmin>[0] = {}) {
  return serveAdmin({
    "GET /api/b2b/v1/admin/budgets/": { body: page([acmeBudget, globexBudget]) },
    "GET /api/b2b/v1/admin/audit/": { body: page([adjusted]) },
    ...routes,
  });
}

const open = async () => {
  renderApp(<AppRoutes />, { path: "/admin/budget-management", session: signedIn("admin") });
  expect(await screen.findByRole("heading", { level: 1, name: "Budget management" })).toBeInTheDocument();
  return screen.findByRole("table", { name: "Company budgets" });
};

describe("/admin/budget-management", () => {
  it("shows each company's budget, allocations and spend in its own currency", async () => {
    serve();
    const table = await open();
    const acme = within(table).getByRole("row", { name: /Acme/ });
    expect(acme).toHaveTextContent("Year 2026");
    // budget, allocated, reserved, paid, remaining (10,000 − 250 − 100)
    expect(
      within(acme)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(["$10,000.00", "$5,000.00", "$250.00", "$100.00", "$9,650.00", "4%"]));
    const globex = within(table).getByRole("row", { name: /Globex/ });
    expect(globex).toHaveTextContent("March 2026");
    expect(globex).toHaveTextContent("€1,200.00");
  });

  it("formats money in the interface language", async () => {
    serve();
    await i18next.changeLanguage("es");
    renderApp(<AppRoutes />, { path: "/admin/budget-management", session: signedIn("admin") });
    const table = await screen.findByRole("table", { name: "Presupuestos de las empresas" });
    const acme = within(table).getByRole("row", { name: /Acme/ });
    expect(acme.textContent?.replace(/\s/g, " ")).toContain("10.000,00 US$");
    expect(
      within(table)
        .getByRole("row", { name: /Globex/ })
        .textContent?.replace(/\s/g, " "),
    ).toContain("1200,00 €");
  });

  it("adjusts a budget only with a reason and never below what teams were allocated", async () => {
    const fetch = serve({ "POST /api/b2b/v1/admin/budgets/3/adjust/": { body: { id: 3, amount_minor: 1_500_000 } } });
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole("button", { name: "Adjust the Acme Year 2026 budget" }));
    const dialog = await screen.findByRole("dialog", { name: "Adjust the Acme budget for Year 2026" });
    const amount = within(dialog).getByRole("textbox", { name: "New amount" });
    expect(amount).toHaveValue("10000.00");

    await user.clear(amount);
    await user.type(amount, "4000");
    expect(amount).toHaveAccessibleDescription("The budget can't be less than the $5,000.00 already allocated to teams.");
    await user.clear(amount);
    await user.type(amount, "15000");
    await user.click(within(dialog).getByRole("button", { name: "Adjust budget" }));
    expect(within(dialog).getByRole("textbox", { name: "Reason" })).toHaveAccessibleDescription("Say why the budget changes.");
    expect(callsOf(fetch).filter((call) => call.method === "POST")).toEqual([]);

    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Q4 top-up");
    await user.click(within(dialog).getByRole("button", { name: "Adjust budget" }));
    await waitFor(() =>
      expect(callsOf(fetch)).toContainEqual({
        method: "POST",
        url: "/api/b2b/v1/admin/budgets/3/adjust/",
        body: { amount_minor: 1_500_000, reason: "Q4 top-up" },
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows the server's refusal when teams were allocated more meanwhile", async () => {
    serve({
      "POST /api/b2b/v1/admin/budgets/3/adjust/": {
        status: 409,
        body: {
          error: {
            code: "budget_below_allocated",
            message: "The budget can't be less than what is already allocated to teams",
            details: { allocated_minor: 700_000 },
          },
        },
      },
    });
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole("button", { name: "Adjust the Acme Year 2026 budget" }));
    const dialog = await screen.findByRole("dialog");
    const amount = within(dialog).getByRole("textbox", { name: "New amount" });
    await user.clear(amount);
    await user.type(amount, "6000");
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Cut");
    await user.click(within(dialog).getByRole("button", { name: "Adjust budget" }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription("The budget can't be less than the $7,000.00 already allocated to teams."));
  });

  it("shows the adjustments in the audit log with who, what, before, after and why", async () => {
    serve();
    await open();
    const log = await screen.findByRole("table", { name: "Recent budget adjustments" });
    const row = within(log).getAllByRole("row")[1]!;
    expect(row).toHaveTextContent("Alex Morgan");
    expect(row).toHaveTextContent("Adjusted");
    expect(row).toHaveTextContent("Acme");
    expect(row).toHaveTextContent("Amount: $10,000.00 → $15,000.00");
    expect(row).toHaveTextContent("Q4 top-up");
  });
});
