import { describe, expect, it } from "vitest";

/**
 * A server refusal is shown by its code (and details), never by its English message, so a
 * reworded message can't silently break the Spanish screens. This sweep fails when web source reads
 * an error's `message` to decide what to show.
 */
const sources = import.meta.glob<string>(["../**/*.ts", "../**/*.tsx", "!../**/*.test.ts", "!../**/*.test.tsx", "!../test/**"], {
  eager: true,
  query: "?raw",
  import: "default",
});

// Where ApiError is built from the answer's body, its message is read to be kept, not shown.
const BUILDERS = new Set(["./api.ts", "../features/discover/stream.ts"]);
// react-hook-form's FieldError.message carries a validation code here, not a server's words; and
// spec §5's last resort shows the server's message for a code this build does not know yet.
const PLAIN_READS_ALLOWED = new Set(["../components/formField.ts", "../i18n/useErrorMessage.ts"]);

const READS: { rule: string; pattern: RegExp; except?: Set<string> }[] = [
  { rule: "compares an error message's text", pattern: /\.message\s*\??\.\s*(?:startsWith|endsWith|includes|match|search|indexOf)\s*\(/ },
  { rule: "tests an error message with a regular expression", pattern: /\.test\([^)]*\.message\b/ },
  { rule: "compares a message with ===", pattern: /\bmessage\s*[!=]==|===\s*\w+(?:\?)?\.message\b/ },
  { rule: "reads a query's or mutation's error message", pattern: /\.error\??\.message\b/ },
  { rule: "reads a caught error's message", pattern: /\b(?:error|err|failure)\.message\b/, except: PLAIN_READS_ALLOWED },
];

function offences(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [path, text] of Object.entries(files)) {
    if (BUILDERS.has(path)) continue;
    text.split("\n").forEach((line, index) => {
      for (const { rule, pattern, except } of READS) {
        if (!except?.has(path) && pattern.test(line)) found.push(`${path}:${index + 1} ${rule}: ${line.trim()}`);
      }
    });
  }
  return found;
}

describe("the web app shows error codes, not server messages", () => {
  it("finds the source files to sweep", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(Object.keys(sources)).toContain("../i18n/useErrorMessage.ts");
  });

  it("no source decides what to show from an error's message", () => {
    expect(offences(sources)).toEqual([]);
  });

  it("catches the ways a message used to be read", () => {
    const caught = offences({
      "../a.ts": 'if (m.message.startsWith("Budget")) return 1;',
      "../b.ts": "if (/domain/i.test(error.message)) return 2;",
      "../c.ts": 'if (error.message === "Nope") return 3;',
      "../d.tsx": "update.error instanceof ApiError && update.error.message",
      "../e.ts": "if (error.status < 500) return error.message;",
    });
    expect(new Set(caught.map((offence) => offence.split(":")[0]))).toEqual(new Set(["../a.ts", "../b.ts", "../c.ts", "../d.tsx", "../e.ts"]));
  });
});
