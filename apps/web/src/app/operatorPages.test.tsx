// A platform operator belongs to no company: a company's pages hold nothing of theirs.
import i18next from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { AppRoutes } from "./router";
import { renderApp, serveFetch, signedIn } from "../test/render";

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage("en");
});

/** The pages of a company's people, as an operator might open them from an address or a bookmark. */
const COMPANY_PAGES = [
  "/home",
  "/discover",
  "/dashboard/content",
  "/collaborative-network",
  "/collaborative-network/library",
  "/collaborative-network/myTasks",
  "/budgetingPlan",
  "/budgetingPlan/purchaseRequest",
  "/peopleManagement",
];

/** What the app shell itself may ask for anyone signed in. */
const SHELL = /^GET \/api\/(notifications|b2b\/v1\/onboarding)\b/;

describe("a platform operator on a company's pages", () => {
  for (const path of COMPANY_PAGES) {
    it(`${path}: says the page is a company's and leads to the admin area, asking the server for nothing of it`, async () => {
      const { calls } = serveFetch({ "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } } });
      renderApp(<AppRoutes />, { path, session: signedIn("admin") });
      expect(await screen.findByRole("heading", { name: "This page is for a company’s people" })).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Go to the admin area" })).toHaveAttribute("href", "/admin");
      expect(screen.queryByText(/could not be loaded/i)).toBeNull();
      expect(
        calls()
          .map((c) => c.call)
          .filter((call) => !SHELL.test(call)),
      ).toEqual([]);
    });
  }

  it("in Spanish", async () => {
    await i18next.changeLanguage("es");
    serveFetch({ "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } } });
    renderApp(<AppRoutes />, { path: "/home", session: signedIn("admin") });
    expect(await screen.findByRole("heading", { name: "Esta página es para las personas de una empresa" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ir al área de administración" })).toHaveAttribute("href", "/admin");
  });
});
