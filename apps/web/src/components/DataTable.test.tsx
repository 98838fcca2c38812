import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderApp } from "../test/render";
import { DataTable, type Column } from "./DataTable";

interface Person {
  id: number;
  name: string;
  email: string;
}
const people = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}`, email: `p${i + 1}@acme.test` }));

const columns: Column<Person>[] = [
  { key: "name", header: "Name", cell: (p) => p.name, rowHeader: true, sort: "name" },
  { key: "email", header: "Email", cell: (p) => p.email },
  { key: "actions", header: "Actions", cell: (p) => <button type="button">Edit {p.name}</button>, align: "right" },
];

/** A server-paged table as the pages use it: the page's rows, the count of all, and a sortable column. */
function People({ list = people }: { list?: Person[] }) {
  const [page, setPage] = useState(1);
  const [direction, setDirection] = useState<"asc" | "desc">("asc");
  const sorted = direction === "asc" ? list : [...list].reverse();
  return (
    <DataTable
      label="People"
      columns={columns}
      rows={sorted.slice((page - 1) * 10, page * 10)}
      rowKey={(p) => p.id}
      empty={<p>Nobody here yet</p>}
      sort={{ by: "name", direction, onSort: () => setDirection(direction === "asc" ? "desc" : "asc") }}
      pager={{ count: list.length, page, pageSize: 10, onPage: setPage }}
    />
  );
}

describe("DataTable", () => {
  it("renders a row per item with a cell per column, named for screen readers", () => {
    renderApp(<People />);
    const table = screen.getByRole("table", { name: "People" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Name", "Email", "Actions"]);
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(11); // the header and 10 people
    expect(within(rows[1]!).getByRole("rowheader", { name: "Person 1" })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole("cell", { name: "p1@acme.test" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "People" })).toHaveAttribute("tabindex", "0");
  });

  it("shows its empty state instead of an empty table", () => {
    renderApp(<People list={[]} />);
    expect(screen.getByText("Nobody here yet")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows that it is loading, then the rows", () => {
    const { rerender } = renderApp(<DataTable label="People" columns={columns} rows={[]} rowKey={(p) => p.id} empty="None" loading />);
    expect(screen.getByRole("progressbar", { name: "People" })).toBeInTheDocument();
    expect(screen.queryByText("None")).not.toBeInTheDocument();
    rerender(<DataTable label="People" columns={columns} rows={people.slice(0, 2)} rowKey={(p) => p.id} empty="None" />);
    expect(screen.getAllByRole("row")).toHaveLength(3);
  });

  it("moves between pages and sorts, by keyboard alone", async () => {
    const user = userEvent.setup();
    renderApp(<People />);
    expect(screen.getByText("1–10 of 25")).toBeInTheDocument();

    // Tab from the scroll area through the sort button and the row actions to the pager.
    screen.getByRole("group", { name: "People" }).focus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Name" })).toHaveFocus();
    for (let i = 0; i < 10; i++) await user.tab();
    expect(screen.getByRole("button", { name: "Edit Person 10" })).toHaveFocus();
    await user.tab(); // "previous" is disabled on the first page
    expect(screen.getByRole("button", { name: "Go to the next page" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByText("11–20 of 25")).toBeInTheDocument();
    expect(screen.getByRole("rowheader", { name: "Person 11" })).toBeInTheDocument();

    screen.getByRole("button", { name: "Name" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByRole("rowheader", { name: "Person 15" })).toBeInTheDocument();
  });

  it("follows its query: a spinner first, then the failure with a retry, and busy while refetching", async () => {
    const user = userEvent.setup();
    const refetch = vi.fn();
    const query = { isPending: true, isFetching: true, isError: false, error: null as unknown, refetch };
    const table = (q: typeof query) => (
      <DataTable label="People" loadingLabel="Loading people…" query={q} columns={columns} rows={people.slice(0, 2)} rowKey={(p) => p.id} empty="None" />
    );
    const { rerender } = renderApp(table(query));
    expect(screen.getByRole("progressbar", { name: "Loading people…" })).toBeInTheDocument();

    rerender(table({ ...query, isPending: false, isFetching: false, isError: true, error: new Error("offline") }));
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(refetch).toHaveBeenCalled();

    rerender(table({ ...query, isPending: false }));
    expect(screen.getByRole("table", { name: "People" })).toHaveAttribute("aria-busy", "true");
  });
});
