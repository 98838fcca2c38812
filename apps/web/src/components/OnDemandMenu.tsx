import { useState } from "react";
import Menu, { type MenuProps } from "@mui/material/Menu";

/**
 * MUI's Menu, drawn from the first time it opens on: a list of cards has a menu or two on every card,
 * and a closed Menu still renders its popover and modal, with their styles, hooks and effects, into
 * every hydration and re-render of the list (/home hydrated sixteen of them). Once opened it stays,
 * so that it closes with its transition and opens again at once.
 */
export function OnDemandMenu(props: MenuProps) {
  const [wanted, setWanted] = useState(props.open);
  // Adjusting state while rendering, as React advises for state derived from props: no extra commit.
  if (props.open && !wanted) setWanted(true);
  return wanted ? <Menu {...props} /> : null;
}
