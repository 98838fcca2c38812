import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { usePageTitle } from "./usePageTitle";

/** The page's one h1, its description, and the document title. */
export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  usePageTitle(title);
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "flex-start", gap: 2, mb: 3 }}>
      <Box sx={{ flex: "1 1 320px", minWidth: 0 }}>
        <Typography variant="h1" sx={{ mb: description ? 1 : 0 }}>
          {title}
        </Typography>
        {description && <Typography color="text.secondary">{description}</Typography>}
      </Box>
      {actions}
    </Box>
  );
}
