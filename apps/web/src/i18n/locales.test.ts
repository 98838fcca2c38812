import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES, ErrorCode, ROLE_LABELS } from "@learnward/contracts";

const files = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", { eager: true, import: "default" });

function load(language: string): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [path, content] of Object.entries(files)) {
    const match = new RegExp(`/locales/${language}/(\\w+)\\.json$`).exec(path);
    if (match?.[1]) out[match[1]] = content;
  }
  return out;
}

function keys(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keys(item, `${prefix}${index}.`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => keys(item, `${prefix}${key}.`));
  return [prefix.slice(0, -1)];
}

const en = load("en");
const es = load("es");

describe("translations", () => {
  it("have the same namespaces and keys in English and Spanish", () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const namespace of Object.keys(en)) {
      expect(keys(es[namespace]).sort(), namespace).toEqual(keys(en[namespace]).sort());
    }
  });

  it("have no empty texts", () => {
    for (const [language, namespaces] of Object.entries({ en, es })) {
      for (const [namespace, content] of Object.entries(namespaces)) {
        const empty = keys(content).filter((key) => {
          const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], content);
          return typeof text !== "string" || text.trim() === "";
        });
        expect(empty, `${language}/${namespace}`).toEqual([]);
      }
    }
  });

  it("carry the spec's authentication messages to the letter (spec §5)", () => {
    for (const language of ["en", "es"] as const) {
      const errors = (language === "en" ? en : es).errors ?? {};
      for (const [code, message] of Object.entries(AUTH_MESSAGES[language])) expect(errors[code], code).toBe(message);
    }
  });

  it("use the spec's role labels in English (spec §3)", () => {
    expect(en.common?.roles).toEqual(ROLE_LABELS);
  });

  it("translate every error code the server can answer, each in one place", () => {
    for (const code of ErrorCode.options) {
      for (const language of [en, es]) {
        const places = [language.errors?.[code], language.appErrors?.[code]].filter((text) => text !== undefined);
        expect(places, code).toEqual([expect.any(String)]);
      }
    }
  });
});
