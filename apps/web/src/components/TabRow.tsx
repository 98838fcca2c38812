import { Suspense } from "react";
import Tabs, { type TabsProps } from "@mui/material/Tabs";

/**
 * A page's row of tabs: MUI's Tabs, scrollable, with its scroll buttons on phones too (a row wider
 * than the screen shows that it scrolls).
 *
 * In a part of its own (a Suspense boundary; nothing in it suspends, so its empty fallback never
 * shows): React hydrates a server-rendered page's parts each in a commit of their own, and this row
 * measures itself as it mounts, setting its state up to four times and re-rendering every tab each
 * time, in the task of that commit. Hydrated with the page, it made /home's commit the longest task of
 * its load (26-35 ms under Lighthouse, unthrottled; apart, 14-28 ms).
 */
export function TabRow(props: Omit<TabsProps, "variant" | "allowScrollButtonsMobile">) {
  return (
    <Suspense fallback={null}>
      <Tabs variant="scrollable" allowScrollButtonsMobile {...props} />
    </Suspense>
  );
}
