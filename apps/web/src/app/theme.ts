import { createTheme } from "@mui/material/styles";
import { LAYOUT } from "@learnward/contracts";
import { iconStyles } from "../components/icons/createSvgIcon";

export const theme = createTheme({
  palette: {
    primary: { main: "#1d4ed8" },
    secondary: { main: "#0f766e" },
    // MUI's default orange (#ed6c02) and light blue (#0288d1) give white chip text 3.1:1 and 4.1:1;
    // these darker shades reach WCAG AA's 4.5:1 for status chips and filled alerts.
    warning: { main: "#b45309" },
    info: { main: "#0369a1" },
    background: { default: "#f6f7fb" },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: "2rem", fontWeight: 700 },
    h2: { fontSize: "1.5rem", fontWeight: 700 },
    h3: { fontSize: "1.25rem", fontWeight: 600 },
    button: { textTransform: "none", fontWeight: 600 },
  },
  breakpoints: {
    // spec §9: the drawer turns temporary at 850px and below, so "md" starts just above it.
    values: { xs: 0, sm: 600, md: LAYOUT.mobileBreakpoint + 1, lg: 1200, xl: 1536 },
  },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiAppBar: { defaultProps: { elevation: 0, color: "inherit" } },
    // The Material icons' looks, once for the page (components/icons/createSvgIcon.tsx).
    MuiCssBaseline: { styleOverrides: iconStyles },
  },
});

/** spec §9: the drawer is temporary at 850px wide and below. */
export const MOBILE_QUERY = `(max-width:${LAYOUT.mobileBreakpoint}px)`;
