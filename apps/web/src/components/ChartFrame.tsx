import { startTransition, useEffect, useRef, useState, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";

/** How far below the screen a chart starts to draw, so that it is there by the time it scrolls in. */
const DRAW_MARGIN = "400px";

/**
 * Draws a chart once its box is near the screen and wide enough for the chart's axes and margins;
 * until then the box holds the chart's height so the page does not jump (with a skeleton while the
 * box is too narrow).
 *
 * - Wide enough: x-charts gives its plot the box's width minus its axes and margins; a box measured
 *   mid-layout, narrower than them, made an SVG rect with a negative width, which the browser reports
 *   as an error.
 * - Near the screen: drawing a chart (x-charts measures its text and sets up its gestures) took
 *   90–110 ms of a page's load on this machine. A chart further down the page waits until it is
 *   scrolled towards, out of the load of a page that may never show it.
 * - In a transition: React draws it in slices the browser can answer input between, not in one task.
 */
export function ChartFrame({ height, minWidth = 160, children }: { height: number; minWidth?: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // Nothing drawn in the server's render nor in hydration's, which must match it.
  const [wide, setWide] = useState(false);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    if (typeof ResizeObserver === "undefined" || typeof IntersectionObserver === "undefined") {
      setWide(true);
      setNear(true);
      return;
    }
    // Each observer reports the box once as it starts observing, then on every change.
    const resize = new ResizeObserver(([entry]) => startTransition(() => setWide((entry?.contentRect.width ?? 0) >= minWidth)));
    resize.observe(box);
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        startTransition(() => setNear(true));
        seen.disconnect();
      },
      { rootMargin: DRAW_MARGIN },
    );
    seen.observe(box);
    return () => {
      resize.disconnect();
      seen.disconnect();
    };
  }, [minWidth]);
  return (
    <Box ref={ref} sx={{ minWidth: 0, minHeight: height }}>
      {/* Not near the screen yet, it is not loading: its height is kept, with nothing in it. */}
      {!near ? null : wide ? children : <Skeleton variant="rounded" height={height} />}
    </Box>
  );
}
