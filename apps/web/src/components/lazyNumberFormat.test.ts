// The build's patch of MUI's number helper (vite-lazy-number-format.ts): TablePagination's module
// made a number formatter as it was evaluated, 25–37 ms of ICU loading in a page's first load, for a
// formatter the app's pager (TablePager.tsx, with its own translated label) never uses.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyNumberFormat } from "../../vite-lazy-number-format";

const muiDir = dirname(createRequire(import.meta.url).resolve("@mui/material/package.json"));
const HELPER = join(muiDir, "locale", "utils", "buildFormatNumber.mjs");

type Transform = (code: string, id: string) => { code: string } | null;
const transform = lazyNumberFormat().transform as unknown as Transform;

/** Evaluates a version of the helper module and gives its default export. */
const helperOf = (code: string) =>
  new Function(code.replace("export default buildFormatNumber;", "return buildFormatNumber;"))() as (locale: string) => (value: number) => string;

afterEach(() => vi.restoreAllMocks());

describe("MUI's number helper, as the build patches it", () => {
  it("makes its formatter on the first number it formats, not when a module asks for one", () => {
    const built = vi.spyOn(Intl, "NumberFormat");
    const original = readFileSync(HELPER, "utf8");
    // MUI's own helper makes it at once: TablePagination calls it as its module is evaluated.
    helperOf(original)("en-US");
    expect(built).toHaveBeenCalledOnce();
    built.mockClear();

    const formatNumber = helperOf(transform(original, HELPER)!.code)("en-US");
    expect(built).not.toHaveBeenCalled();
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatNumber(0.5)).toBe("0.5");
    expect(formatNumber(Number.NaN)).toBe("NaN");
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe("Infinity");
    expect(built).toHaveBeenCalledOnce();
  });

  it("answers as MUI's does where Intl refuses the locale", () => {
    const formatNumber = helperOf(transform(readFileSync(HELPER, "utf8"), HELPER)!.code)("not a locale!");
    expect(formatNumber(1234)).toBe(helperOf(readFileSync(HELPER, "utf8"))("not a locale!")(1234));
  });

  it("leaves other files alone, and fails the build if MUI's helper no longer reads as expected", () => {
    expect(transform("export default 1;", join(muiDir, "TablePagination", "TablePagination.mjs"))).toBeNull();
    expect(() => transform("const buildFormatNumber = () => String; export default buildFormatNumber;", HELPER)).toThrow(/buildFormatNumber changed/);
  });
});
