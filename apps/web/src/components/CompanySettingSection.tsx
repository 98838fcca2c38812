import { useId, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

/**
 * One of a company's settings in the platform admin's company details (chat hooks, single sign-on,
 * SCIM): the same editor hr has on Settings, under a heading of the details dialog's level.
 */
export function CompanySettingSection({ heading, description, children }: { heading: string; description: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Typography id={headingId} variant="h3" component="h3" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {description}
      </Typography>
      {children}
    </Box>
  );
}
