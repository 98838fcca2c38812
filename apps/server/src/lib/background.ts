/**
 * Work that must not hold up an answer (mail after sign-up or a reset request, so that the answer
 * takes the same time whether or not the address has an account). Failures are logged; closing the
 * app waits for what is still running, so nothing is cut off half-sent.
 */
export function createBackgroundTasks(onError: (err: unknown) => void) {
  const running = new Set<Promise<unknown>>();
  return {
    run(task: Promise<unknown>) {
      const tracked = task.catch(onError).finally(() => running.delete(tracked));
      running.add(tracked);
    },
    async drain() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
