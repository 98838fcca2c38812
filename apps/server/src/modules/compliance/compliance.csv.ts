import { toCsv } from "../../lib/csv.ts";
import type { StandingRow } from "./compliance.service.ts";
import { dayOf } from "./compliance.status.ts";

const FIELDS = ["person", "email", "team", "path", "due_on", "completed_at", "expires_on", "certificate_code", "status"] as const;

/** The auditors' export: one row per person and required path, as the insights table counts them. */
export function complianceCsv(rows: StandingRow[]): string {
  return toCsv(
    FIELDS,
    rows.map((r) => ({
      person: r.name,
      email: r.email,
      team: r.teamName ?? "",
      path: r.collectionTitle,
      due_on: r.dueOn,
      completed_at: r.completedAt?.toISOString() ?? "",
      expires_on: r.expiresAt ? dayOf(r.expiresAt) : "",
      certificate_code: r.certificateCode ?? "",
      status: r.status,
    })),
  );
}
