import { afterEach, describe, expect, it, vi } from "vitest";
import { coalescedTimeouts } from "./queryTimers";

/** A clock the test moves by hand, counting the one-shot timers set on it. */
function manualClock() {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    set: 0,
    now: () => now,
    setTimeout(callback: () => void, delay: number) {
      this.set++;
      timers.set(++nextId, { at: now + delay, callback });
      return nextId;
    },
    clearTimeout: (timer: unknown) => void timers.delete(timer as number),
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers].sort(([, a], [, b]) => a.at - b.at)) {
        if (timer.at > now || !timers.has(id)) continue;
        timers.delete(id);
        timer.callback();
      }
    },
  };
}

afterEach(() => vi.useRealTimers());

describe("the query cache's timers on one browser timer", () => {
  it("runs each timer once, in the order they fall due, on as few browser timers as the earliest needs", () => {
    const clock = manualClock();
    const timers = coalescedTimeouts(clock);
    const ran: string[] = [];
    // A page's queries subscribing together: stale in 30 s and 60 s, dropped unused after 5 min.
    for (let i = 0; i < 50; i++) timers.setTimeout(() => ran.push(`stale ${i}`), i % 2 ? 60_000 : 30_000);
    timers.setTimeout(() => ran.push("gc"), 300_000);
    expect(clock.set).toBe(1);
    clock.advance(30_000);
    expect(ran).toEqual(Array.from({ length: 25 }, (_, i) => `stale ${i * 2}`));
    clock.advance(30_000);
    expect(ran).toHaveLength(50);
    clock.advance(240_000);
    expect(ran.at(-1)).toBe("gc");
    clock.advance(1_000_000);
    expect(ran).toHaveLength(51);
  });

  it("sets the browser's timer sooner for a timer due before those waiting", () => {
    const clock = manualClock();
    const timers = coalescedTimeouts(clock);
    const ran: string[] = [];
    timers.setTimeout(() => ran.push("stale"), 30_000);
    // A retry's wait.
    timers.setTimeout(() => ran.push("retry"), 1_000);
    clock.advance(1_000);
    expect(ran).toEqual(["retry"]);
    clock.advance(29_000);
    expect(ran).toEqual(["retry", "stale"]);
  });

  it("never runs a cleared timer, and runs the others when one of them fails", async () => {
    const clock = manualClock();
    const timers = coalescedTimeouts(clock);
    const ran: string[] = [];
    const cleared = timers.setTimeout(() => ran.push("cleared"), 1_000);
    timers.setTimeout(() => {
      throw new Error("a callback failed");
    }, 2_000);
    timers.setTimeout(() => ran.push("after"), 2_000);
    timers.clearTimeout(cleared);
    const reported = new Promise<unknown>((resolve) => {
      const original = globalThis.queueMicrotask;
      vi.spyOn(globalThis, "queueMicrotask").mockImplementationOnce((task) =>
        original(() => {
          try {
            task();
          } catch (error) {
            resolve(error);
          }
        }),
      );
    });
    clock.advance(2_000);
    expect(ran).toEqual(["after"]);
    expect(await reported).toEqual(new Error("a callback failed"));
  });
});
