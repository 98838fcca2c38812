import type { ReactNode } from "react";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import InboxOutlined from "@mui/icons-material/InboxOutlined";

interface EmptyStateProps {
  title: string;
  description?: string;
  icon?: ReactNode;
  action?: ReactNode;
}

/** What a list shows when it has nothing in it yet. */
export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: "center", display: "flex", flexDirection: "column", alignItems: "center", gap: 1.5 }}>
      <Typography component="span" aria-hidden sx={{ color: "text.secondary", "& svg": { fontSize: 48 } }}>
        {icon ?? <InboxOutlined />}
      </Typography>
      <Typography variant="h3" component="h2">
        {title}
      </Typography>
      {description && (
        <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
          {description}
        </Typography>
      )}
      {action}
    </Paper>
  );
}

interface FilteredEmptyStateProps {
  /** A filter or search is on: the list says nothing matches instead of introducing itself. */
  filtered: boolean;
  noMatch: string;
  title: string;
  description: string;
  icon: ReactNode;
}

/** A filterable list's empty state: "nothing matches" under a filter, otherwise its own title and description. */
export function FilteredEmptyState({ filtered, noMatch, title, description, icon }: FilteredEmptyStateProps) {
  return <EmptyState icon={icon} title={filtered ? noMatch : title} description={filtered ? undefined : description} />;
}
