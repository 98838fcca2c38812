import { isValidElement, Suspense, use, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type ReactPromise } from "react";
import { useHydrated, useServerRender } from "./renderHints";

/**
 * A part of a server-rendered page that the browser hydrates when it comes into view, or when the
 * person first acts on the page, rather than with the rest of the page. Until then the server's HTML
 * shows, and a press in it hydrates it at once and is answered.
 *
 * Hydration is most of the main thread's work as a page starts, and a phone does it while the person
 * waits for the first screen to answer. A part below that screen need not hold it up: on a 412 × 823
 * phone /home's list of saved items is 240 of the page's 400 elements, and deferring it took 18% off
 * the main thread's work after the first paint in Lighthouse's mobile runs.
 *
 * How: React hydrates a Suspense boundary's content in a pass of its own after the page's, and content
 * that suspends then stays as the server drew it until it is ready. The part suspends on its first try
 * only: opening the gate makes React try again, and so does an update reaching the boundary (a context
 * above it changing) or a press landing in it, and any later try hydrates. Suspending a second time
 * would make React throw the server's elements away for the fallback. React sometimes tries again on
 * its own, with no update: the part then hydrates early, which only forgoes the saving.
 *
 * It suits a part that brings its own data (its queries, its controls). One fed from outside hydrates
 * as soon as what it is handed changes (a search typed above it), so that it never shows stale content.
 */

interface Gate {
  /** Until the part is seen or used. */
  shut: boolean;
  tries: number;
  /** React's `use` reads a promise whose status says it is fulfilled at once, without suspending. */
  opened: ReactPromise<void>;
  open(): void;
}

function createGate(shut: boolean): Gate {
  let resolve!: () => void;
  const opened: ReactPromise<void> = new Promise<void>((done) => (resolve = done));
  const gate: Gate = {
    shut,
    tries: 0,
    opened,
    open() {
      gate.shut = false;
      Object.assign(opened, { status: "fulfilled", value: undefined });
      resolve();
    },
  };
  if (!shut) gate.open();
  return gate;
}

function Gated({ gate, onHydrated, children }: { gate: Gate; onHydrated: () => void; children: ReactNode }) {
  // Only the first try waits (see above).
  if (gate.tries++ > 0) gate.open();
  use(gate.opened);
  useLayoutEffect(onHydrated, [onHydrated]);
  return children;
}

/**
 * Whether a parent's re-render handed the part what it already shows: the same component with the same
 * values. A callback's new identity is not new content (an inline arrow is new on every render), nor is
 * a new object literal with the same values (a query's key).
 */
function samePart(held: ReactNode, next: ReactNode): boolean {
  if (Object.is(held, next)) return true;
  if (!isValidElement<Record<string, unknown>>(held) || !isValidElement<Record<string, unknown>>(next)) return false;
  return held.type === next.type && held.key === next.key && sameValues(held.props, next.props, 1);
}

function sameValues(before: unknown, after: unknown, depth: number): boolean {
  if (Object.is(before, after)) return true;
  if (typeof before === "function" && typeof after === "function") return true;
  if (!isPlainObject(before) || !isPlainObject(after) || depth < 0) return false;
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].every((name) => sameValues(before[name], after[name], depth - 1));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * What opens every gate on the page: the person acting on it (a press, a key, focus), or coming back to
 * it. A part shown from the server's HTML must hydrate before the data it shows changes, or it would no
 * longer match that HTML: data changes when the person acts (a save from a dialog above the part), or
 * when queries refetch on their return to the page.
 */
const PAGE_USES = ["pointerdown", "keydown", "focusin"] as const;

export function HydrateWhenSeen({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const onServer = useServerRender();
  // Only a part the browser hydrates waits: one it draws itself (after a navigation) shows at once, and
  // so does the server's render.
  const [gate] = useState(() => createGate(!hydrated && !onServer));
  // Until it hydrates, the part is handed the children it was first rendered with, the ones the server's
  // HTML shows: a parent's re-render with the same content (new callbacks) then stops here instead of
  // reaching the boundary as an update and hydrating it at once. Hydrated, it gets the current ones.
  const [held, setHeld] = useState<{ children: ReactNode } | null>(() => (gate.shut ? { children } : null));
  const hydratedPart = useCallback(() => setHeld(null), []);
  const shown = held ? held.children : children;
  // New content for a part still shown from the server's HTML (a search typed above it): hydrate it
  // now, as the server drew it, and then draw the new content, rather than leave it out of date.
  const outOfDate = held !== null && !samePart(held.children, children);
  useEffect(() => {
    if (outOfDate) gate.open();
  }, [gate, outOfDate]);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!gate.shut || !element) return;
    // The wrapper draws no box of its own (display: contents): what is seen is what it holds.
    const parts = [...element.children];
    if (typeof IntersectionObserver === "undefined" || parts.length === 0) {
      gate.open();
      return;
    }
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) gate.open();
    });
    // Capture on the document: before React's listeners on the root see a press in the part itself.
    const open = () => gate.open();
    const stop = () => {
      seen.disconnect();
      for (const type of PAGE_USES) document.removeEventListener(type, open, { capture: true });
      window.removeEventListener("focus", open);
      document.removeEventListener("visibilitychange", open);
    };
    for (const part of parts) seen.observe(part);
    for (const type of PAGE_USES) document.addEventListener(type, open, { capture: true });
    window.addEventListener("focus", open);
    document.addEventListener("visibilitychange", open);
    void gate.opened.then(stop);
    return stop;
  }, [gate]);
  // The same element on every render of this component (useHydrated re-renders it once hydrated), so
  // that the re-render stops here and does not reach the boundary as an update.
  const content = useMemo(
    () => (
      <Suspense fallback={null}>
        <Gated gate={gate} onHydrated={hydratedPart}>
          {shown}
        </Gated>
      </Suspense>
    ),
    [gate, shown, hydratedPart],
  );
  // display: contents: the page lays out as if the wrapper were not there (a grid's items, a sticky panel).
  return (
    <div ref={box} style={{ display: "contents" }}>
      {content}
    </div>
  );
}
