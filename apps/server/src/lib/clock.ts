/**
 * The app's one "now". Everything that decides by the date (deadline reminders, what is
 * due or overdue) asks here, so that tests and the browser suite can move time forward and watch a
 * reminder point pass: CLOCK_OFFSET_DAYS moves it by whole days, and config.ts refuses that setting
 * in production. The database's own `now()` is not moved (it stamps rows and schedules jobs).
 * Each app has its own clock (app.ts puts it in the module context), so moving one app's time never
 * moves another's.
 */
export interface Clock {
  /** This moment, moved by the offset. */
  now(): Date;
  /** Today's date in UTC (`2026-11-26`), moved by the offset. */
  today(): string;
}

const DAY_MS = 86_400_000;

/** A clock `offsetDays` whole days from the real time. */
export function createClock(offsetDays = 0) {
  let offsetMs = offsetDays * DAY_MS;
  const clock = {
    now: () => new Date(Date.now() + offsetMs),
    today: () => clock.now().toISOString().slice(0, 10),
    /** Moves the clock `days` whole days from the real time (0 puts it back). Tests and CLOCK_OFFSET_DAYS only. */
    setOffsetDays(days: number): void {
      offsetMs = days * DAY_MS;
    },
  };
  return clock satisfies Clock;
}
export type MovableClock = ReturnType<typeof createClock>;

declare module "fastify" {
  interface FastifyInstance {
    /** The app's clock (tests move it). */
    clock: MovableClock;
  }
}
