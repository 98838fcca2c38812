import { Children, startTransition, useEffect, useState, type ReactNode } from "react";

/**
 * Its children, the first at once and then one more per task, each in a transition of its own, so
 * that each commit adds one part of a long page rather than all of them. A commit cannot be sliced:
 * /dashboard/content's sections under the key figures (charts' frames, tables of 20 rows, their
 * styles) came in as one 20-56 ms task of the page's load, at 4x CPU a phone's input blocked for
 * 80-220 ms. Each part is in the page within a few tasks, for keyboards, screen readers and
 * find-in-page alike.
 */
export function OneByOne({ children }: { children: ReactNode }) {
  const parts = Children.toArray(children);
  const [shown, setShown] = useState(1);
  const all = shown >= parts.length;
  useEffect(() => {
    if (all) return;
    const timer = setTimeout(() => startTransition(() => setShown((count) => count + 1)), 0);
    return () => clearTimeout(timer);
  }, [shown, all]);
  return parts.slice(0, shown);
}
