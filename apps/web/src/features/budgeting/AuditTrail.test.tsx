import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AuditEntry, Paginated } from "@learnward/contracts";
import { renderApp, reply, serveFetch, signedIn } from "../../test/render";
import { AuditTrail } from "./AuditTrail";

afterEach(() => vi.unstubAllGlobals());

const entry = (id: number) => ({
  id,
  actor: { id: 2, display_name: "Leo Duarte" },
  entity: "purchase_request" as const,
  entity_id: id,
  action: "approve",
  before: { status: "pending" },
  after: { status: "approved" },
  created_at: "2026-11-20T10:00:00.000Z",
});

describe("AuditTrail", () => {
  it("shows the trail a page at a time, however long it grows", async () => {
    // 45 changes: each page the server answers holds the entries of that page.
    const { fetch } = serveFetch({
      "GET /api/b2b/v1/budget-audit/": ({ url }) => {
        const page = Number(url.searchParams.get("page"));
        const size = Number(url.searchParams.get("page_size"));
        const ids = Array.from({ length: 45 }, (_, i) => 45 - i).slice((page - 1) * size, page * size);
        return reply(Paginated(AuditEntry), { count: 45, next: null, previous: null, results: ids.map(entry) });
      },
    });
    const user = userEvent.setup();
    renderApp(<AuditTrail />, { session: signedIn("ldleader") });
    const table = await screen.findByRole("table", { name: "Audit trail" });
    expect(within(table).getAllByRole("row")).toHaveLength(21); // the header and 20 changes
    expect(within(table).getByText("Purchase request #45")).toBeInTheDocument();
    expect(screen.getByText("1–20 of 45")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Go to the next page" }));
    expect(await screen.findByText("21–40 of 45")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Go to the next page" }));
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(6));
    expect(within(table).getByText("Purchase request #1")).toBeInTheDocument();
    expect(screen.getByText("41–45 of 45")).toBeInTheDocument();
    const asked = fetch.mock.calls.map(([input]) => Object.fromEntries(new URL(String(input), "http://localhost").searchParams));
    expect(asked).toEqual([
      { page: "1", page_size: "20" },
      { page: "2", page_size: "20" },
      { page: "3", page_size: "20" },
    ]);
  });
});
