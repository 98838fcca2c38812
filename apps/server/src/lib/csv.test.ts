import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import { csvCell, toCsv } from "./csv.ts";

describe("csvCell", () => {
  it("puts a quote before a cell that starts a formula", () => {
    for (const v of ['=HYPERLINK("http://evil")', "+cmd", "-1+1", "@SUM(1)", "\tcmd", "\rcmd"]) expect(csvCell(v), v).toBe(`'${v}`);
  });

  it("does so at every line start, also when the formula is the first line", () => {
    expect(csvCell('ok\n=HYPERLINK("x")')).toBe(`ok\n'=HYPERLINK("x")`);
    expect(csvCell('=HYPERLINK("x")\nok')).toBe(`'=HYPERLINK("x")\nok`);
    expect(csvCell("a\r\n@SUM(1)\r-2+3")).toBe("a\r\n'@SUM(1)\r'-2+3");
    expect(csvCell("\n=1+1")).toBe("\n'=1+1");
  });

  it("leaves plain text and numbers alone, negative numbers too", () => {
    for (const v of ["Engineering", "a=b", "x - y", "-12.50", "+3", "42", "2024-01-31"]) expect(csvCell(v), v).toBe(v);
    expect(csvCell(-5)).toBe(-5);
    expect(csvCell(null)).toBe("");
  });
});

describe("toCsv", () => {
  it("writes the header row even with no rows, and reads back to the escaped values", () => {
    expect(toCsv(["a", "b"], []).trimEnd()).toBe("a,b");
    const csv = toCsv(["title", "n"], [{ title: 'x\n=HYPERLINK("e")', n: 1 }, { n: 2 }]);
    expect(Papa.parse(csv, { header: true }).data).toEqual([
      { title: `x\n'=HYPERLINK("e")`, n: "1" },
      { title: "", n: "2" },
    ]);
  });
});
