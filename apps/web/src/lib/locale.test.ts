import { afterEach, describe, expect, it } from "vitest";
import { LOCALE_COOKIE_EXPIRES } from "@learnward/contracts";
import { localeCookie, readLocale, storeLocale } from "./locale";

describe("readLocale", () => {
  it("defaults to English", () => {
    expect(readLocale("")).toBe("en");
    expect(readLocale("other=1")).toBe("en");
  });

  it("reads NEXT_LOCALE among other cookies", () => {
    expect(readLocale("a=1; NEXT_LOCALE=es; b=2")).toBe("es");
  });

  it("ignores languages the product does not have", () => {
    expect(readLocale("NEXT_LOCALE=fr")).toBe("en");
  });
});

describe("localeCookie", () => {
  it("uses the spec's fixed July 2025 expiry while it is still ahead", () => {
    expect(localeCookie("es", new Date("2025-07-01T00:00:00Z"))).toBe(`NEXT_LOCALE=es; path=/; expires=${LOCALE_COOKIE_EXPIRES}; SameSite=Lax`);
  });

  it("falls back to one year once that date has passed, so the browser keeps the cookie", () => {
    expect(localeCookie("es", new Date("2026-11-22T00:00:00Z"))).toBe("NEXT_LOCALE=es; path=/; max-age=31536000; SameSite=Lax");
  });
});

describe("storeLocale", () => {
  afterEach(() => {
    document.cookie = "NEXT_LOCALE=; path=/; max-age=0";
  });

  it("writes a cookie the browser keeps and readLocale reads back", () => {
    storeLocale("es");
    expect(readLocale()).toBe("es");
  });
});
