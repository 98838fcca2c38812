// Lists (collection sections and items, folder items) have one ordering algorithm. These are
// its rules as a table: what a list reads after placing, moving or removing an item, or repairing it.
import { describe, expect, it } from "vitest";
import { arrange } from "./ordering.ts";

const list = (...positions: number[]) => positions.map((position, i) => ({ id: 101 + i, position }));
const order = (rows: { id: number }[]) => rows.map((r) => r.id);

describe("one ordering for every list", () => {
  it.each([
    ["a new item with no position goes last", list(1, 2, 3), { id: 9, position: 0 }, undefined, [101, 102, 103, 9]],
    ["a new item at 1 goes first", list(1, 2, 3), { id: 9, position: 0 }, 1, [9, 101, 102, 103]],
    ["a new item in the middle pushes the later ones down", list(1, 2, 3), { id: 9, position: 0 }, 2, [101, 9, 102, 103]],
    ["a position past the end means last", list(1, 2), { id: 9, position: 0 }, 99, [101, 102, 9]],
    ["zero or a negative position means first", list(1, 2), { id: 9, position: 0 }, -4, [9, 101, 102]],
    ["an empty list takes the item at 1", list(), { id: 9, position: 0 }, 3, [9]],
  ] as const)("%s", (_name, rest, item, at, ids) => {
    const out = arrange(rest, item, at);
    expect(order(out.ordered)).toEqual(ids);
    expect(out.ordered.map((_, i) => i + 1)).toEqual(ids.map((_, i) => i + 1));
  });

  it("moves an existing item: it leaves its place and takes the new one", () => {
    const rows = list(1, 2, 3, 4);
    const out = arrange(
      rows.filter((r) => r.id !== 104),
      rows[3]!,
      2,
    );
    expect(order(out.ordered)).toEqual([101, 104, 102, 103]);
    expect(out.changes).toEqual([
      { id: 104, position: 2 },
      { id: 102, position: 3 },
      { id: 103, position: 4 },
    ]);
  });

  it("removing an item closes its gap", () => {
    const out = arrange(list(1, 3, 4), null);
    expect(out.changes).toEqual([
      { id: 102, position: 2 },
      { id: 103, position: 3 },
    ]);
  });

  it("spec §4 Folder items: duplicated, zero or negative priorities are renumbered 1..n in their order", () => {
    const rows = [
      { id: 5, position: -1 },
      { id: 3, position: 0 },
      { id: 1, position: 2 },
      { id: 2, position: 2 },
    ];
    const out = arrange(rows, null);
    expect(out.changes).toEqual([
      { id: 5, position: 1 },
      { id: 3, position: 2 },
      { id: 1, position: 3 },
      { id: 2, position: 4 },
    ]);
  });

  it("writes nothing when a list is already 1..n", () => {
    expect(arrange(list(1, 2, 3), null).changes).toEqual([]);
  });
});
