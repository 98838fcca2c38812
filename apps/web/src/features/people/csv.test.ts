import { describe, expect, it } from "vitest";
import { MAX_CSV_ROWS, emailsToCheck, isReady, markExistingEmployees, parseInviteCsv, roleAliases } from "./csv";

const teams = [
  { id: 1, name: "Engineering" },
  { id: 2, name: "Marketing" },
];
const context = {
  teams,
  roles: roleAliases({ hr: "RR. HH.", ldleader: "Responsable de formación", teamleader: "Líder de equipo", member: "Miembro del equipo" }),
};

const parse = (text: string) => {
  const parsed = parseInviteCsv(text, context);
  if (!parsed.ok) throw new Error(`not parsed: ${parsed.problem}`);
  return parsed.rows;
};

describe("bulk invite CSV", () => {
  it("reads email, role and team, with the spec's role labels, keys and the reader's language, in any case", () => {
    const rows = parse(
      [
        "Email,Role,Team",
        "ana@acme.test,Team member,Engineering",
        "BEN@acme.test,  l&d leader ,marketing",
        "cy@acme.test,teamleader,",
        "di@acme.test,RR. HH.,Engineering",
      ].join("\n"),
    );
    expect(rows.map((row) => [row.email, row.role, row.team?.id ?? null, row.issues])).toEqual([
      ["ana@acme.test", "member", 1, []],
      ["ben@acme.test", "ldleader", 2, []],
      ["cy@acme.test", "teamleader", null, []],
      ["di@acme.test", "hr", 1, []],
    ]);
    expect(rows.every(isReady)).toBe(true);
  });

  it("says why each bad row is bad: invalid email, unknown role, unknown team, duplicate in the file", () => {
    const rows = parse(
      [
        "email,role,team",
        "not-an-email,Team member,Engineering",
        "ana@acme.test,Owner,Engineering",
        "ben@acme.test,Admin,Engineering",
        "cy@acme.test,Team member,Sales",
        "dup@acme.test,Team member,",
        "Dup@Acme.test,HR,",
        ",,",
        "nope,,",
        "eve@acme.test,,Nowhere",
      ].join("\n"),
    );
    expect(rows.map((row) => [row.row, row.issues])).toEqual([
      [1, ["invalid_email"]],
      [2, ["unknown_role"]],
      // Admin is never invitable (PRODUCT.md: roles below admin).
      [3, ["unknown_role"]],
      [4, ["unknown_team"]],
      [5, []],
      [6, ["duplicate"]],
      // A row with nothing in it is skipped, not reported.
      [7, ["invalid_email", "unknown_role"]],
      [8, ["unknown_role", "unknown_team"]],
    ]);
  });

  it("marks the emails that already belong to an employee, after asking the server only about well-formed distinct ones", () => {
    const rows = parse(["email,role,team", "old@acme.test,Team member,", "new@acme.test,Team member,", "bad,Team member,", "OLD@acme.test,HR,"].join("\n"));
    expect(emailsToCheck(rows)).toEqual(["old@acme.test", "new@acme.test"]);
    const marked = markExistingEmployees(rows, new Set(["old@acme.test"]));
    expect(marked.map((row) => row.issues)).toEqual([["already_employee"], [], ["invalid_email"], ["duplicate", "already_employee"]]);
    expect(marked.filter(isReady).map((row) => row.email)).toEqual(["new@acme.test"]);
  });

  it("handles quoted fields, a byte-order mark, Windows line ends and blank lines", () => {
    const rows = parse('\uFEFFemail,role,team\r\n"ana@acme.test","Team member","Engineering"\r\n\r\n  \r\nben@acme.test,HR,"Marketing"\r\n');
    expect(rows.map((row) => [row.email, row.role, row.team?.name])).toEqual([
      ["ana@acme.test", "member", "Engineering"],
      ["ben@acme.test", "hr", "Marketing"],
    ]);
  });

  it("refuses files without the columns, without rows, or too long to send one by one", () => {
    expect(parseInviteCsv("", context)).toEqual({ ok: false, problem: "empty" });
    expect(parseInviteCsv("email,role,team\n", context)).toEqual({ ok: false, problem: "empty" });
    expect(parseInviteCsv("mail,team\nana@acme.test,Engineering", context)).toEqual({ ok: false, problem: "missing_columns", missing: ["email", "role"] });
    const long = ["email,role,team", ...Array.from({ length: MAX_CSV_ROWS + 1 }, (_, i) => `p${i}@acme.test,Team member,`)].join("\n");
    expect(parseInviteCsv(long, context)).toEqual({ ok: false, problem: "too_many_rows" });
  });

  it("accepts a file without a team column (everyone without a team)", () => {
    expect(parse("email,role\nana@acme.test,Team member").map((row) => [row.team, row.issues])).toEqual([[null, []]]);
  });
});
