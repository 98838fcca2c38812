import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DRAG_SOURCE_CHECK_MS } from "@learnward/contracts";
import { cancelActiveDrag, watchDragSource } from "./dragSourceGuard";

let source: HTMLElement;
beforeEach(() => {
  vi.useFakeTimers();
  source = document.createElement("li");
  document.body.append(source);
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

const pointerMove = () => document.dispatchEvent(new Event("pointermove", { bubbles: true }));

describe("drag source removal (spec §4, armed after DRAG_SOURCE_CHECK_MS)", () => {
  it("arms the check after 1000 ms", () => {
    expect(DRAG_SOURCE_CHECK_MS).toBe(1000);
  });

  it("ignores a removal before the check is armed, and ends the drag once it is", () => {
    const ended = vi.fn();
    watchDragSource(source, ended);
    source.remove();
    pointerMove();
    vi.advanceTimersByTime(DRAG_SOURCE_CHECK_MS - 1);
    pointerMove();
    expect(ended).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it("ends the drag on the next pointer move after the source leaves the page", () => {
    const ended = vi.fn();
    watchDragSource(source, ended);
    vi.advanceTimersByTime(DRAG_SOURCE_CHECK_MS);
    pointerMove();
    expect(ended).not.toHaveBeenCalled();
    source.remove();
    pointerMove();
    pointerMove();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it("ends a keyboard drag on the next key press", () => {
    const ended = vi.fn();
    watchDragSource(source, ended);
    vi.advanceTimersByTime(DRAG_SOURCE_CHECK_MS);
    source.remove();
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it("keeps the drag while the source stays, and stops watching when the drag ends", () => {
    const ended = vi.fn();
    const stop = watchDragSource(source, ended);
    vi.advanceTimersByTime(5 * DRAG_SOURCE_CHECK_MS);
    pointerMove();
    expect(ended).not.toHaveBeenCalled();
    stop();
    source.remove();
    pointerMove();
    vi.advanceTimersByTime(DRAG_SOURCE_CHECK_MS);
    expect(ended).not.toHaveBeenCalled();
  });

  it("is never armed when the drag ends within the first second", () => {
    const ended = vi.fn();
    const stop = watchDragSource(source, ended);
    vi.advanceTimersByTime(500);
    stop();
    source.remove();
    vi.advanceTimersByTime(DRAG_SOURCE_CHECK_MS);
    pointerMove();
    expect(ended).not.toHaveBeenCalled();
  });

  it("cancels the drag with the Escape key both dnd-kit sensors listen for", () => {
    const keys: string[] = [];
    document.addEventListener("keydown", (event) => keys.push(event.code), { once: true });
    cancelActiveDrag();
    expect(keys).toEqual(["Escape"]);
  });
});
