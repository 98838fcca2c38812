import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { ChartFrame } from "./ChartFrame";

type Report<E> = (entries: E[]) => void;

/**
 * The browser's two observers, reporting what a test tells them: each reports the box once as it
 * starts observing, as the browser does after layout, then whatever the test sends.
 */
function stubObservers({ width, onScreen }: { width: number; onScreen: boolean }) {
  const resized: Array<Report<{ contentRect: { width: number } }>> = [];
  const seen: Array<Report<{ isIntersecting: boolean }>> = [];
  const margins: Array<string | undefined> = [];
  vi.stubGlobal(
    "ResizeObserver",
    class {
      constructor(private report: Report<{ contentRect: { width: number } }>) {
        resized.push(report);
      }
      observe() {
        this.report([{ contentRect: { width } }]);
      }
      disconnect() {
        resized.splice(resized.indexOf(this.report), 1);
      }
    },
  );
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(
        private report: Report<{ isIntersecting: boolean }>,
        options?: IntersectionObserverInit,
      ) {
        seen.push(report);
        margins.push(options?.rootMargin);
      }
      observe() {
        this.report([{ isIntersecting: onScreen }]);
      }
      disconnect() {
        const at = seen.indexOf(this.report);
        if (at >= 0) seen.splice(at, 1);
      }
    },
  );
  return {
    resize: (next: number) => act(() => resized.forEach((report) => report([{ contentRect: { width: next } }]))),
    scrollTo: (onScreenNow: boolean) => act(() => [...seen].forEach((report) => report([{ isIntersecting: onScreenNow }]))),
    margins,
  };
}

const chart = () =>
  render(
    <ChartFrame height={200}>
      <p>the chart</p>
    </ChartFrame>,
  );

describe("ChartFrame", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("holds the chart back while its box is narrower than the chart's axes, and draws it once the box is wide enough", () => {
    const { resize } = stubObservers({ width: 91, onScreen: true });
    chart();
    expect(screen.queryByText("the chart")).toBeNull();
    resize(420);
    expect(screen.getByText("the chart")).toBeInTheDocument();
    resize(100);
    expect(screen.queryByText("the chart")).toBeNull();
  });

  it("draws a wide chart on the screen as soon as it is measured", () => {
    stubObservers({ width: 600, onScreen: true });
    chart();
    expect(screen.getByText("the chart")).toBeInTheDocument();
  });

  it("waits to draw a chart further down the page until it is scrolled towards, and keeps it drawn after", () => {
    const { scrollTo, margins } = stubObservers({ width: 600, onScreen: false });
    chart();
    expect(screen.queryByText("the chart")).toBeNull();
    // It starts a little before the chart reaches the screen.
    expect(margins).toEqual(["400px"]);
    scrollTo(true);
    expect(screen.getByText("the chart")).toBeInTheDocument();
    scrollTo(false);
    expect(screen.getByText("the chart")).toBeInTheDocument();
  });
});
