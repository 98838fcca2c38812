import type { Plugin } from "vite";

/*
 * MUI's TablePagination builds its default "1–10 of 57" number formatter when its module is evaluated
 * (`buildFormatNumber('en-US')`). The first Intl.NumberFormat a page makes loads ICU's number data:
 * 25–37 ms in Chromium on this machine, a 26–35 ms task in the first load of /home and /discover
 * (100–140 ms at a phone's 4× CPU). The app's one pager (components/TablePager.tsx) passes its own
 * translated label, so that formatter never formats anything. This makes the helper build its
 * formatter on the first number it formats: the same answers, without paying for a formatter no
 * one uses. The build fails if the library's helper no longer reads as expected, so that an upgrade is
 * checked rather than silently unpatched.
 */
const FILE = /[\\/]@mui[\\/]material[\\/]locale[\\/]utils[\\/]buildFormatNumber\.m?js$/;
const EAGER = ["formatter = new Intl.NumberFormat(locale);", "return formatter ? formatter.format(value) : String(value);"];

/** The helper, its formatter built on first use (and only once, failing or not, as MUI's is). */
export const LAZY_FORMAT_NUMBER = `
const buildFormatNumber = locale => {
  let formatter;
  let built = false;
  return value => {
    if (!Number.isFinite(value)) {
      return String(value);
    }
    if (!built) {
      built = true;
      if (typeof Intl !== 'undefined' && Intl.NumberFormat) {
        try {
          formatter = new Intl.NumberFormat(locale);
        } catch {
          // fallback to String()
        }
      }
    }
    return formatter ? formatter.format(value) : String(value);
  };
};
export default buildFormatNumber;
`;

export function lazyNumberFormat(): Plugin {
  return {
    name: "learnward:lazy-number-format",
    enforce: "pre",
    transform(code, id) {
      if (!FILE.test(id.split("?")[0]!)) return null;
      if (!EAGER.every((line) => code.includes(line)) || !code.includes("export default buildFormatNumber")) {
        throw new Error("MUI's buildFormatNumber changed: review vite-lazy-number-format.ts");
      }
      return { code: LAZY_FORMAT_NUMBER, map: null };
    },
  };
}
