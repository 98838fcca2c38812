import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";

/**
 * Draws a chart only while its box is wide enough for the chart's axes and margins. x-charts gives
 * its plot the box's width minus those; a box measured mid-layout, narrower than them, made an SVG
 * rect with a negative width, which the browser reports as an error. Until then a skeleton holds
 * the chart's height so the page does not jump.
 */
export function ChartFrame({ height, minWidth = 160, children }: { height: number; minWidth?: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [wide, setWide] = useState(typeof ResizeObserver === "undefined");
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === "undefined") return;
    setWide(box.getBoundingClientRect().width >= minWidth);
    const observer = new ResizeObserver(([entry]) => setWide((entry?.contentRect.width ?? 0) >= minWidth));
    observer.observe(box);
    return () => observer.disconnect();
  }, [minWidth]);
  return (
    <Box ref={ref} sx={{ minWidth: 0, minHeight: height }}>
      {wide ? children : <Skeleton variant="rounded" height={height} />}
    </Box>
  );
}
