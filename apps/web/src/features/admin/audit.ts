import type { AuditEntry } from "./api";

/** One field an audited action changed (or set, when it created the thing). */
export interface Change {
  field: string;
  before: unknown;
  after: unknown;
}

// Bookkeeping columns, never what an operator changed.
const HIDDEN = new Set(["id", "uid", "created_at", "updated_at", "created_by", "period_end", "locale", "company_status"]);

type Row = Record<string, unknown>;
const asRow = (value: unknown): Row | null => (value && typeof value === "object" && !Array.isArray(value) ? (value as Row) : null);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const blank = (value: unknown) => value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

/**
 * What an entry changed, field by field, from its before and after snapshots: the fields that
 * differ, or for a creation every field it was given.
 */
export function auditChanges(entry: Pick<AuditEntry, "before" | "after">): Change[] {
  const before = asRow(entry.before);
  const after = asRow(entry.after);
  const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])].filter((field) => !HIDDEN.has(field));
  return fields
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }))
    .filter((change) => (before ? !same(change.before, change.after) : !blank(change.after)));
}

/** The currency an entry's money fields are in (a budget's snapshot carries it). */
export function auditCurrency(entry: Pick<AuditEntry, "before" | "after">): string | null {
  const currency = asRow(entry.after)?.currency ?? asRow(entry.before)?.currency;
  return typeof currency === "string" && /^[A-Z]{3}$/.test(currency) ? currency : null;
}

/** A field of either snapshot, the latest first (e.g. the name a company has now). */
export function auditField(entry: Pick<AuditEntry, "before" | "after">, field: string): unknown {
  return asRow(entry.after)?.[field] ?? asRow(entry.before)?.[field] ?? null;
}
