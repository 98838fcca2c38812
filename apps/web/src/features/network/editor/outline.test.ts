import { describe, expect, it } from "vitest";
import { collection, item } from "../testing";
import { moveToList, outlineOf, placeOf } from "./outline";

const detail = collection({
  sections: [
    { id: 2, title: "Windows", position: 2 },
    { id: 1, title: "Joins", position: 1 },
  ],
  items: [
    item(11, "Intro", { section_id: null, position: 1 }),
    item(12, "Inner joins", { section_id: 1, position: 2 }),
    item(13, "Outer joins", { section_id: 1, position: 1 }),
    item(14, "Ranking", { section_id: 2, position: 1 }),
  ],
});

describe("the editor's outline", () => {
  it("lists the unsectioned items first, then each section in order, items by position", () => {
    expect(outlineOf(detail)).toEqual({
      sections: [1, 2],
      lists: { "container-none": ["item-11"], "container-1": ["item-13", "item-12"], "container-2": ["item-14"] },
    });
  });

  it("gives a moved item's new section and 1-based position, as PATCH …/items/{id}/ takes them", () => {
    const moved = moveToList(outlineOf(detail), "item-12", "container-2", 0);
    expect(moved.lists["container-1"]).toEqual(["item-13"]);
    expect(moved.lists["container-2"]).toEqual(["item-12", "item-14"]);
    expect(placeOf(moved, "item-12")).toEqual({ section_id: 2, position: 1 });
    expect(placeOf(moveToList(moved, "item-12", "container-none", 99), "item-12")).toEqual({ section_id: null, position: 2 });
  });
});
