import { describe, expect, it } from "vitest";
import { formatMoney, minorDigits, parseMoney, toMajorText } from "./money";

describe("parseMoney", () => {
  it("reads major units into exact integer minor units", () => {
    expect(parseMoney("250.5")).toEqual({ ok: true, minor: 25050 });
    expect(parseMoney("250.00")).toEqual({ ok: true, minor: 25000 });
    expect(parseMoney(" 250 ")).toEqual({ ok: true, minor: 25000 });
    expect(parseMoney("0.29")).toEqual({ ok: true, minor: 29 });
    // 0.1 + 0.2 style drift would give 1.1299999… × 100; the text is read digit by digit instead.
    expect(parseMoney("1.13")).toEqual({ ok: true, minor: 113 });
    expect(parseMoney("4.35")).toEqual({ ok: true, minor: 435 });
  });

  it("takes a comma as the decimal mark but refuses thousands separators", () => {
    expect(parseMoney("250,50")).toEqual({ ok: true, minor: 25050 });
    expect(parseMoney("1,000")).toEqual({ ok: false, error: "format" });
    expect(parseMoney("1.000.00")).toEqual({ ok: false, error: "format" });
  });

  it("refuses zero, empty, negative, too many decimals and text", () => {
    expect(parseMoney("0")).toEqual({ ok: false, error: "zero" });
    expect(parseMoney("0.00")).toEqual({ ok: false, error: "zero" });
    expect(parseMoney("")).toEqual({ ok: false, error: "required" });
    expect(parseMoney("-5")).toEqual({ ok: false, error: "format" });
    expect(parseMoney("2.505")).toEqual({ ok: false, error: "format" });
    expect(parseMoney("abc")).toEqual({ ok: false, error: "format" });
    expect(parseMoney("1e3")).toEqual({ ok: false, error: "format" });
    expect(parseMoney("99999999999999")).toEqual({ ok: false, error: "tooLarge" });
  });

  it("allows zero when asked (an allocation can be emptied) and follows the currency's decimals", () => {
    expect(parseMoney("0", 2, { allowZero: true })).toEqual({ ok: true, minor: 0 });
    expect(minorDigits("JPY")).toBe(0);
    expect(parseMoney("250", minorDigits("JPY"))).toEqual({ ok: true, minor: 250 });
    expect(parseMoney("250.5", minorDigits("JPY"))).toEqual({ ok: false, error: "format" });
  });
});

describe("formatting", () => {
  it("formats minor units in the interface language and the amount's currency", () => {
    expect(formatMoney(25050, "USD", "en")).toBe("$250.50");
    expect(formatMoney(100000, "EUR", "es").replace(/\s/g, " ")).toBe("1000,00 €");
    expect(formatMoney(2500000, "EUR", "es").replace(/\s/g, " ")).toBe("25.000,00 €");
  });

  it("turns minor units back into input text", () => {
    expect(toMajorText(25050)).toBe("250.50");
    expect(toMajorText(5)).toBe("0.05");
    expect(toMajorText(250, 0)).toBe("250");
  });
});
