import i18next from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AuditEntry, Paginated } from "@learnward/contracts";
import { renderApp, reply, serveFetch, signedIn } from "../../test/render";
import { AuditTrail } from "./AuditTrail";

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage("en");
});

const entry = (id: number) => ({
  id,
  actor: { id: 2, display_name: "Leo Duarte" },
  entity: "purchase_request" as const,
  entity_id: id,
  action: "approve" as const,
  subject: { title: `Course ${id}`, team: "Engineering", period: null, period_start: null },
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
    expect(within(table).getByText("Purchase request “Course 45”")).toBeInTheDocument();
    expect(screen.getByText("1–20 of 45")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Go to the next page" }));
    expect(await screen.findByText("21–40 of 45")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Go to the next page" }));
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(6));
    expect(within(table).getByText("Purchase request “Course 1”")).toBeInTheDocument();
    expect(screen.getByText("41–45 of 45")).toBeInTheDocument();
    const asked = fetch.mock.calls.map(([input]) => Object.fromEntries(new URL(String(input), "http://localhost").searchParams));
    expect(asked).toEqual([
      { page: "1", page_size: "20" },
      { page: "2", page_size: "20" },
      { page: "3", page_size: "20" },
    ]);
  });

  const trail = [
    { ...entry(9), action: "pay" as const, subject: { title: "SQL course", team: "Engineering", period: null, period_start: null } },
    { ...entry(8), action: "cancel" as const, subject: { title: "Book", team: "Engineering", period: null, period_start: null } },
    { ...entry(7), action: "reject" as const, subject: { title: "Podcast app", team: "Engineering", period: null, period_start: null } },
    {
      ...entry(6),
      entity: "allocation" as const,
      action: "update" as const,
      subject: { title: null, team: "Marketing", period: "year" as const, period_start: "2026-01-01" },
    },
    {
      ...entry(5),
      entity: "allocation" as const,
      action: "create" as const,
      subject: { title: null, team: "Marketing", period: "month" as const, period_start: "2026-11-01" },
    },
    {
      ...entry(4),
      entity: "budget" as const,
      action: "update" as const,
      subject: { title: null, team: null, period: "year" as const, period_start: "2026-01-01" },
    },
    {
      ...entry(3),
      entity: "budget" as const,
      action: "create" as const,
      subject: { title: null, team: null, period: "month" as const, period_start: "2026-11-01" },
    },
    { ...entry(2), action: "create" as const, actor: null, subject: { title: null, team: null, period: null, period_start: null } },
  ];
  const rowsOf = async () => {
    const table = await screen.findByRole("table");
    return within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .slice(1)
          .map((cell) => cell.textContent),
      );
  };

  it("says what each change did and to what, in words", async () => {
    serveFetch({ "GET /api/b2b/v1/budget-audit/": () => reply(Paginated(AuditEntry), { count: 8, next: null, previous: null, results: trail }) });
    renderApp(<AuditTrail />, { session: signedIn("ldleader") });
    expect(await rowsOf()).toEqual([
      ["Leo Duarte", "Marked paid", "Purchase request “SQL course”"],
      ["Leo Duarte", "Cancelled", "Purchase request “Book”"],
      ["Leo Duarte", "Rejected", "Purchase request “Podcast app”"],
      ["Leo Duarte", "Changed", "Marketing’s allocation for Year 2026"],
      ["Leo Duarte", "Created", "Marketing’s allocation for November 2026"],
      ["Leo Duarte", "Changed", "Budget for Year 2026"],
      ["Leo Duarte", "Created", "Budget for November 2026"],
      ["System", "Created", "A purchase request that no longer exists"],
    ]);
  });

  it("in Spanish", async () => {
    await i18next.changeLanguage("es");
    serveFetch({ "GET /api/b2b/v1/budget-audit/": () => reply(Paginated(AuditEntry), { count: 8, next: null, previous: null, results: trail }) });
    renderApp(<AuditTrail />, { session: signedIn("ldleader") });
    expect(await screen.findByRole("table", { name: "Registro de cambios" })).toBeInTheDocument();
    expect(await rowsOf()).toEqual([
      ["Leo Duarte", "Marcada como pagada", "Solicitud de compra «SQL course»"],
      ["Leo Duarte", "Cancelada", "Solicitud de compra «Book»"],
      ["Leo Duarte", "Rechazada", "Solicitud de compra «Podcast app»"],
      ["Leo Duarte", "Modificada", "Asignación de Marketing para 2026"],
      ["Leo Duarte", "Creada", "Asignación de Marketing para noviembre de 2026"],
      ["Leo Duarte", "Modificado", "Presupuesto de 2026"],
      ["Leo Duarte", "Creado", "Presupuesto de noviembre de 2026"],
      ["Sistema", "Creada", "Una solicitud de compra que ya no existe"],
    ]);
  });
});
