import type { ReactNode } from "react";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";

/**
 * One of the company's settings on the Settings page (chat hooks, single sign-on, SCIM): an outlined
 * section named by its heading, with a line saying what it is for. `headingId` is the heading's id,
 * the one the page links to.
 */
export function SettingsCard({ headingId, heading, description, children }: { headingId: string; heading: string; description: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {description}
      </Typography>
      {children}
    </Paper>
  );
}
