import Tabs, { type TabsProps } from "@mui/material/Tabs";
import { HydratedApart } from "./HydratedApart";

/**
 * A page's row of tabs: MUI's Tabs, scrollable, with its scroll buttons on phones too (a row wider
 * than the screen shows that it scrolls).
 *
 * Hydrated apart: the row measures itself as it mounts, setting its state up to four times and
 * re-rendering every tab each time, in the task of the commit it hydrates in. With /home's page, that
 * commit was the longest task of its load (26-35 ms under Lighthouse, unthrottled; apart, 14-28 ms).
 */
export function TabRow(props: Omit<TabsProps, "variant" | "allowScrollButtonsMobile">) {
  return (
    <HydratedApart>
      <Tabs variant="scrollable" allowScrollButtonsMobile {...props} />
    </HydratedApart>
  );
}
