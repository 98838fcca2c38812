import Papa from "papaparse";
import { Email, ROLE_LABELS, type CompanyRole } from "@learnward/contracts";
import { ASSIGNABLE_ROLES } from "./abilities";

// Bulk invite: a CSV file with the columns email, role and team (by name), checked in the browser
// row by row before anything is sent.

/** Why a row cannot be sent. */
export type RowIssue = "invalid_email" | "unknown_role" | "unknown_team" | "duplicate" | "already_employee";

export interface InviteRow {
  /** 1-based position among the file's data rows. */
  row: number;
  email: string;
  roleText: string;
  teamText: string;
  role: CompanyRole | null;
  team: { id: number; name: string } | null;
  issues: RowIssue[];
}

export type CsvProblem = "empty" | "missing_columns" | "too_many_rows";

export type ParsedInviteCsv = { ok: true; rows: InviteRow[] } | { ok: false; problem: CsvProblem; missing?: string[] };

/** One file is sent one row at a time; beyond this, split it. */
export const MAX_CSV_ROWS = 200;
export const CSV_COLUMNS = ["email", "role", "team"] as const;
const REQUIRED_COLUMNS = ["email", "role"] as const;

const normalise = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * The words a file may use for each role: the role's key (`teamleader`), the spec's English label
 * (`Team leader`, spec §3) and the labels of the reader's language. Admin is never invitable.
 */
export function roleAliases(localLabels: Partial<Record<string, string>> = {}): Map<string, CompanyRole> {
  const aliases = new Map<string, CompanyRole>();
  for (const role of ASSIGNABLE_ROLES) {
    for (const word of [role, ROLE_LABELS[role], localLabels[role]]) if (word) aliases.set(normalise(word), role);
  }
  return aliases;
}

export interface CsvContext {
  teams: ReadonlyArray<{ id: number; name: string }>;
  roles: Map<string, CompanyRole>;
}

/** Reads the file's text; the header row names the columns, in any order and case. */
export function parseInviteCsv(text: string, context: CsvContext): ParsedInviteCsv {
  const parsed = Papa.parse<Record<string, string | undefined>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (header) => normalise(header),
  });
  const fields = parsed.meta.fields ?? [];
  if (fields.length === 0 && parsed.data.length === 0) return { ok: false, problem: "empty" };
  const missing = REQUIRED_COLUMNS.filter((column) => !fields.includes(column));
  if (missing.length) return { ok: false, problem: "missing_columns", missing };
  if (parsed.data.length === 0) return { ok: false, problem: "empty" };
  if (parsed.data.length > MAX_CSV_ROWS) return { ok: false, problem: "too_many_rows" };
  return {
    ok: true,
    rows: validateInviteRows(
      parsed.data.map((record) => ({ email: record.email ?? "", role: record.role ?? "", team: record.team ?? "" })),
      context,
    ),
  };
}

/** Checks each row on its own and against the rows before it. An empty team means no team. */
export function validateInviteRows(records: ReadonlyArray<{ email: string; role: string; team: string }>, context: CsvContext): InviteRow[] {
  const teamsByName = new Map(context.teams.map((team) => [normalise(team.name), { id: team.id, name: team.name }]));
  const seen = new Set<string>();
  return records.map((record, index) => {
    const issues: RowIssue[] = [];
    const email = Email.safeParse(record.email);
    if (!email.success) issues.push("invalid_email");
    else if (seen.has(email.data)) issues.push("duplicate");
    else seen.add(email.data);

    const role = context.roles.get(normalise(record.role)) ?? null;
    if (!role) issues.push("unknown_role");

    const teamText = record.team.trim();
    const team = teamText ? (teamsByName.get(normalise(teamText)) ?? null) : null;
    if (teamText && !team) issues.push("unknown_team");

    return {
      row: index + 1,
      email: email.success ? email.data : record.email.trim(),
      roleText: record.role.trim(),
      teamText,
      role,
      team,
      issues,
    };
  });
}

/** Marks the rows whose email already belongs to someone in the company. */
export function markExistingEmployees(rows: readonly InviteRow[], existing: ReadonlySet<string>): InviteRow[] {
  return rows.map((row) =>
    existing.has(row.email.toLowerCase()) && !row.issues.includes("already_employee") ? { ...row, issues: [...row.issues, "already_employee"] } : row,
  );
}

/** The distinct, well-formed emails worth asking the server about. */
export function emailsToCheck(rows: readonly InviteRow[]): string[] {
  return [...new Set(rows.filter((row) => !row.issues.includes("invalid_email")).map((row) => row.email.toLowerCase()))];
}

export const isReady = (row: InviteRow) => row.issues.length === 0;
