import { act } from "react";
import type { Root } from "react-dom/client";
import { afterAll, afterEach, beforeAll } from "vitest";

/**
 * For tests that drive React's own roots (hydrateRoot, createRoot) with React's act, without Testing
 * Library (which sets IS_REACT_ACT_ENVIRONMENT only around its own calls): turns act's environment on
 * for the file, and unmounts the root the test kept (`root.current`) and empties the page after each.
 */
export function bareRoots(): { current: Root | undefined } {
  const root: { current: Root | undefined } = { current: undefined };
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  beforeAll(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterAll(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    act(() => root.current?.unmount());
    root.current = undefined;
    document.body.replaceChildren();
  });
  return root;
}
