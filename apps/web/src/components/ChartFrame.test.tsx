import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { ChartFrame } from "./ChartFrame";

type Listener = (entries: { contentRect: { width: number } }[]) => void;

/** A ResizeObserver that reports the width a test tells it, as the browser would after layout. */
function stubResizeObserver(width: number) {
  const listeners: Listener[] = [];
  vi.stubGlobal(
    "ResizeObserver",
    class {
      constructor(listener: Listener) {
        listeners.push(listener);
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ width } as DOMRect);
  return (next: number) => act(() => listeners.forEach((listener) => listener([{ contentRect: { width: next } }])));
}

describe("ChartFrame", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("holds the chart back while its box is narrower than the chart's axes, and draws it once the box is wide enough", () => {
    const resize = stubResizeObserver(91);
    render(
      <ChartFrame height={200}>
        <p>the chart</p>
      </ChartFrame>,
    );
    expect(screen.queryByText("the chart")).toBeNull();
    resize(420);
    expect(screen.getByText("the chart")).toBeInTheDocument();
    resize(100);
    expect(screen.queryByText("the chart")).toBeNull();
  });

  it("draws at once in a box that is already wide", () => {
    stubResizeObserver(600);
    render(
      <ChartFrame height={200}>
        <p>the chart</p>
      </ChartFrame>,
    );
    expect(screen.getByText("the chart")).toBeInTheDocument();
  });
});
