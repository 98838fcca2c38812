import type { ReactNode } from "react";
import Paper from "@mui/material/Paper";
import TableContainer from "@mui/material/TableContainer";
import type { SxProps, Theme } from "@mui/material/styles";

type Label = { label: string; labelledBy?: never } | { labelledBy: string; label?: never };

/**
 * A table's scroll area (wide tables scroll sideways on narrow screens, long ones down): a labelled
 * group, not a landmark, as it sits inside its section; it takes focus so keyboard users can
 * scroll it too (axe: scrollable-region-focusable). It is positioned, so a visually hidden header
 * inside stays inside instead of widening the page.
 */
export function ScrollArea({ children, outlined, sx, ...name }: Label & { children: ReactNode; outlined?: boolean; sx?: SxProps<Theme> }) {
  return (
    <TableContainer
      component={outlined ? Paper : "div"}
      {...(outlined ? { variant: "outlined" } : {})}
      role="group"
      aria-label={name.label}
      aria-labelledby={name.labelledBy}
      tabIndex={0}
      sx={[{ position: "relative", "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineOffset: -2 } }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </TableContainer>
  );
}
