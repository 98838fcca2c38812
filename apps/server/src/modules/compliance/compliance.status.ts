import type { ComplianceStatus } from "@learnward/contracts";

const DAY_MS = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);
/** `months` calendar months later, the day clamped to the month's last as PostgreSQL's intervals do (31 January + 1 month: 28 or 29 February). */
export const addMonths = (d: Date, months: number) => {
  const out = new Date(d);
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const last = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(d.getUTCDate(), last));
  return out;
};

/** What a person's standing on one required path is read from. */
export interface StandingInput {
  /** When the requirement was made and when the person's account was: they are required from the later. */
  requiredSince: Date;
  accountSince: Date;
  dueDays: number;
  everyMonths: number | null;
  /** Their completion of the path, if any. */
  completedAt: Date | null;
  /** Their certificate of it: its stored expiry wins over the computed one; a revoked one no longer counts. */
  certificate: { code: string; expiresAt: Date | null; revokedAt: Date | null } | null;
}

export interface Standing {
  dueOn: string;
  completedAt: Date | null;
  expiresAt: Date | null;
  certificateCode: string | null;
  status: ComplianceStatus;
  /** A completion whose certificate hr revoked: it no longer counts, and the path's items are all done. */
  revoked: boolean;
}

/**
 * The one rule for where a person stands on a required path. The first cycle opens when they are
 * first required (the later of the requirement and their account) and is due `dueDays` later. A
 * completion meets it; with a recurrence the completion holds `everyMonths` months (the certificate
 * expires then) and the person is expired until they start the path again and complete it (the
 * latest completion and its certificate are the ones read). A certificate hr revoked no
 * longer counts as a completion. Overdue from the day after the due day.
 */
export function standing(i: StandingInput, now: Date): Standing {
  const since = i.requiredSince > i.accountSince ? i.requiredSince : i.accountSince;
  const dueOn = dayOf(addDays(since, i.dueDays));
  const revoked = Boolean(i.certificate?.revokedAt);
  const completedAt = revoked ? null : i.completedAt;
  const code = revoked ? null : (i.certificate?.code ?? null);
  if (!completedAt)
    return {
      dueOn,
      completedAt: null,
      expiresAt: null,
      certificateCode: code,
      status: dayOf(now) > dueOn ? "overdue" : "due",
      revoked: revoked && i.completedAt !== null,
    };
  const expiresAt = i.everyMonths === null ? null : (i.certificate?.expiresAt ?? addMonths(completedAt, i.everyMonths));
  return { dueOn, completedAt, expiresAt, certificateCode: code, status: expiresAt && expiresAt <= now ? "expired" : "on_time", revoked: false };
}

/** Days before a completion expires from which the person is reminded of it and may start the path again for the next cycle. */
export const RENEWAL_WINDOW_DAYS = 30;

/**
 * Whether the person may start the path again for a new cycle: their completion has expired, expires
 * within the renewal window, or no longer counts because hr revoked its certificate (its items are
 * all done, so only a new cycle can meet the requirement).
 */
export function renewable(s: Pick<Standing, "status" | "expiresAt" | "revoked">, now: Date): boolean {
  if (s.status === "expired" || s.revoked) return true;
  return s.status === "on_time" && s.expiresAt !== null && daysUntil(dayOf(now), dayOf(s.expiresAt)) <= RENEWAL_WINDOW_DAYS;
}

/** Whole days from `today` to `day` (both YYYY-MM-DD): 1 is tomorrow, negative is past. */
export const daysUntil = (today: string, day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
export { dayOf };
