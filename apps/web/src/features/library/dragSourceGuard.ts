import { DRAG_SOURCE_CHECK_MS } from "@learnward/contracts";

// What may follow a source element's removal: the pointer or keyboard driving the drag, or any DOM change.
const EVENTS = ["pointermove", "keydown"] as const;

/**
 * spec §4/§9: a drag and drop ends if the dragged source element is removed from the page; the
 * check is armed 1000 ms after the drag starts (a list re-rendering just as a drag begins is not a
 * removal). Once armed it looks at once, then on every pointer move, key press and DOM change.
 * Returns the function that stops watching (call it when the drag ends normally).
 */
export function watchDragSource(source: Element, onRemoved: () => void, armAfterMs: number = DRAG_SOURCE_CHECK_MS): () => void {
  const doc = source.ownerDocument;
  let stopped = false;
  let observer: MutationObserver | undefined;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    observer?.disconnect();
    for (const type of EVENTS) doc.removeEventListener(type, check, true);
  };
  function check() {
    if (stopped || source.isConnected) return;
    stop();
    onRemoved();
  }
  const timer = setTimeout(() => {
    for (const type of EVENTS) doc.addEventListener(type, check, true);
    if (typeof MutationObserver !== "undefined") {
      observer = new MutationObserver(check);
      observer.observe(doc.body, { childList: true, subtree: true });
    }
    check();
  }, armAfterMs);
  return stop;
}

/**
 * Ends the drag in progress. dnd-kit has no cancel call; Escape is the cancel key of both its
 * pointer and keyboard sensors, which listen for it on the document.
 */
export function cancelActiveDrag(doc: Document = document): void {
  doc.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", code: "Escape", bubbles: true, cancelable: true }));
}
