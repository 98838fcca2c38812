import type { ManagedTimerId, TimeoutCallback, TimeoutProvider } from "@tanstack/react-query";

/** The time and the one-shot timers the provider keeps its own timers on. */
type Clock = {
  now: () => number;
  setTimeout: (callback: () => void, delay: number) => unknown;
  clearTimeout: (timer: unknown) => void;
};

const browserClock: Clock = {
  now: () => performance.now(),
  setTimeout: (callback, delay) => window.setTimeout(callback, delay),
  clearTimeout: (timer) => window.clearTimeout(timer as number),
};

/**
 * The query cache's timers (when an answer turns stale, when an unused one is dropped, a retry's
 * wait) kept on one browser timer, set for the earliest of them, as TanStack Query suggests for many
 * queries (timeoutManager.setTimeoutProvider). A page that hydrates subscribes every query it shows
 * at once, each asking for a timer of its own: on /discover some fifty browser timers in the task
 * that ends hydration, each recorded with the whole stack of React's effects, 46 ms of a 102 ms task
 * under Lighthouse (unthrottled). Timers run in the order they fall due, each once; an interval is
 * left to the browser.
 */
export function coalescedTimeouts(clock: Clock = browserClock): TimeoutProvider<number> {
  const pending = new Map<number, { due: number; callback: TimeoutCallback }>();
  let lastId = 0;
  let armed: { timer: unknown; due: number } | undefined;

  /** Sets the browser's timer for `due`, unless it is set for then or sooner already. */
  const arm = (due: number) => {
    if (due === Infinity || (armed && armed.due <= due)) return;
    if (armed) clock.clearTimeout(armed.timer);
    armed = { due, timer: clock.setTimeout(fire, Math.max(0, due - clock.now())) };
  };

  function fire() {
    armed = undefined;
    const now = clock.now();
    const due = [...pending].filter(([, timer]) => timer.due <= now).sort(([, a], [, b]) => a.due - b.due);
    for (const [id] of due) pending.delete(id);
    let earliest = Infinity;
    for (const timer of pending.values()) earliest = Math.min(earliest, timer.due);
    arm(earliest);
    for (const [, { callback }] of due) {
      // One failing callback must not keep the others from running, as with the browser's own timers.
      try {
        callback();
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  return {
    setTimeout(callback, delay) {
      const id = ++lastId;
      const due = clock.now() + Math.max(0, delay);
      pending.set(id, { due, callback });
      arm(due);
      return id;
    },
    // A timer cleared leaves the browser's one set: when it fires with nothing due, it is set again.
    clearTimeout(id: ManagedTimerId | undefined) {
      if (id !== undefined) pending.delete(Number(id));
    },
    setInterval: (callback, delay) => window.setInterval(callback, delay),
    clearInterval(id: ManagedTimerId | undefined) {
      if (id !== undefined) window.clearInterval(Number(id));
    },
  };
}
