/**
 * The app's one "now". Everything that decides by the date (deadline reminders, what is
 * due or overdue) asks here, so that tests and the browser suite can move time forward and watch a
 * reminder point pass: CLOCK_OFFSET_DAYS moves it by whole days, and config.ts refuses that setting
 * in production. The database's own `now()` is not moved (it stamps rows and schedules jobs).
 */
const DAY_MS = 86_400_000;
let offsetMs = 0;

/** This moment, moved by the offset. */
export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Today's date in UTC (`2026-11-26`), moved by the offset. */
export function today(): string {
  return now().toISOString().slice(0, 10);
}

/** Moves the clock `days` whole days from the real time (0 puts it back). Tests and CLOCK_OFFSET_DAYS only. */
export function setClockOffsetDays(days: number): void {
  offsetMs = days * DAY_MS;
}
