import { afterEach, beforeEach } from "vitest";

/**
 * After each test of the file, removes what it added to the document's head, and only that: the head is
 * shared with the other test files of the worker, whose emotion cache still writes into its own style tags.
 */
export function restoreHeadAfterEach(): void {
  let before = new Set<Node>();
  beforeEach(() => {
    before = new Set(document.head.childNodes);
  });
  afterEach(() => {
    for (const node of [...document.head.childNodes]) if (!before.has(node)) node.remove();
  });
}
