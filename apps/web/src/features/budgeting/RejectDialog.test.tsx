import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppRoutes } from "../../app/router";
import { renderApp, signedIn, stubFetch } from "../../test/render";
import { purchaseRequest } from "../../test/purchaseRequest";

afterEach(() => vi.unstubAllGlobals());

// Compile the lazy layout and page once, before the timed tests (slow on a busy machine).
beforeAll(async () => {
  await Promise.all([import("../../app/layout/AppLayout"), import("../../routes/budgeting/PurchaseRequestsPage")]);
}, 60_000);

const pending = purchaseRequest();
const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

function serve(overrides: Parameters<typeof stubFetch>[0] = {}) {
  const fetch = vi.fn(
    stubFetch({
      "GET /api/b2b/v1/purchase-requests/": { body: page([pending]) },
      "POST /api/b2b/v1/purchase-requests/41/reject/": { body: { ...pending, status: "rejected", rejection_reason: "No budget this quarter" } },
      "GET /api/b2b/v1/profile/acme.test": { body: { id: 1, name: "Acme", domain: "acme.test", url_photo: null, currency: "USD", status: "active" } },
      "GET /api/b2b/v1/onboarding/": { body: page([]) },
      ...overrides,
    }),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

async function openQueue() {
  const user = userEvent.setup();
  renderApp(<AppRoutes />, { path: "/budgetingPlan/purchaseRequest", session: signedIn("teamleader") });
  // The first render compiles the lazy page under test: give it time on a busy machine.
  await user.click(await screen.findByRole("tab", { name: "To decide" }, { timeout: 20_000 }));
  return user;
}

describe("/budgetingPlan/purchaseRequest → To decide", () => {
  it("requires a reason to reject, then sends it", { timeout: 60_000 }, async () => {
    const fetch = serve();
    const user = await openQueue();
    await user.click(await screen.findByRole("button", { name: "Reject TypeScript course" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("Say why the request is rejected")).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    await user.type(within(dialog).getByLabelText(/^Reason/), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    await user.type(within(dialog).getByLabelText(/^Reason/), "Over budget");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    await vi.waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(true));
    const post = fetch.mock.calls.find(([, init]) => init?.method === "POST");
    expect(String(post?.[0])).toContain("/purchase-requests/41/reject/");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: "Over budget" });
  });

  it("shows the server's 409 on approval with the amount left, clearly", async () => {
    serve({
      "POST /api/b2b/v1/purchase-requests/41/approve/": {
        status: 409,
        body: {
          error: { code: "budget_exceeded", message: "Not enough budget left for this request", details: { remaining_minor: 10_000, price_minor: 25_000 } },
        },
      },
    });
    const user = await openQueue();
    expect(await screen.findByText("$250.00")).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Approve TypeScript course" }));
    expect(await screen.findByText("Not enough budget left for this request: the team has $100.00 left.")).toBeInTheDocument();
  });

  it("hides the actions the server does not allow", async () => {
    serve({ "GET /api/b2b/v1/purchase-requests/": { body: page([{ ...pending, abilities: { approve: false, reject: false, pay: false, cancel: false } }]) } });
    await openQueue();
    expect(await screen.findByText("TypeScript course")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Approve/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Reject/ })).toBeNull();
  });
});

describe("/budgetingPlan/purchaseRequest for someone who decides none", () => {
  it("offers a team leader without a team their own requests only, as the server's abilities say", async () => {
    serve();
    renderApp(<AppRoutes />, { path: "/budgetingPlan/purchaseRequest", session: signedIn("teamleader", { team: null }) });
    expect(await screen.findByRole("button", { name: "Ask for a purchase" }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "To decide" })).toBeNull();
  });
});
