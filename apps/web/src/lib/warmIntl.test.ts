import { afterEach, describe, expect, it, vi } from "vitest";
import { warmIntl } from "./warmIntl";

/** Workers started, with what they were started with, and whether they were stopped. */
function workerSpy() {
  const started: { url: string; options?: WorkerOptions; terminated: boolean; fail: () => void }[] = [];
  class FakeWorker extends EventTarget {
    constructor(url: URL | string, options?: WorkerOptions) {
      super();
      const entry = { url: String(url), options, terminated: false, fail: () => this.dispatchEvent(new Event("error")) };
      started.push(entry);
      this.terminate = () => void (entry.terminated = true);
    }
    terminate: () => void;
  }
  vi.stubGlobal("Worker", FakeWorker);
  return started;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("warming the browser's number and date data off the page's thread", () => {
  it("starts one worker, named after the page's language, that stops itself; one that fails is stopped", () => {
    const started = workerSpy();
    warmIntl("es");
    expect(started).toHaveLength(1);
    expect(started[0]!.url).toMatch(/\/warmIntl\.worker\.ts\b/);
    expect(started[0]!.options?.name).toBe("es");
    expect(started[0]!.terminated).toBe(false);
    started[0]!.fail();
    expect(started[0]!.terminated).toBe(true);
  });

  it("does nothing where workers are missing or refused, and the page formats as before", () => {
    vi.stubGlobal("Worker", undefined);
    expect(() => warmIntl("en")).not.toThrow();
    vi.stubGlobal(
      "Worker",
      class {
        constructor() {
          throw new DOMException("refused by the page's policy", "SecurityError");
        }
      },
    );
    expect(() => warmIntl("en")).not.toThrow();
  });

  it("the worker makes a number and a date format in the language it is named for, then closes", async () => {
    const numbers = vi.spyOn(Intl, "NumberFormat");
    const dates = vi.spyOn(Intl, "DateTimeFormat");
    const close = vi.spyOn(self, "close").mockImplementation(() => undefined);
    const name = self.name;
    self.name = "es";
    try {
      // A query makes a module of its own: the worker's script runs as it would in a new worker.
      const script = "./warmIntl.worker.ts?run=test";
      await import(/* @vite-ignore */ script);
    } finally {
      self.name = name;
    }
    expect(numbers).toHaveBeenCalledWith("es");
    expect(dates).toHaveBeenCalledWith("es", { dateStyle: "medium" });
    expect(close).toHaveBeenCalledTimes(1);
  });
});
