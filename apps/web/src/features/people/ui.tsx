import { useCallback, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { Role } from "@learnward/contracts";
export { useDebounced } from "../../lib/useDebounced";
export { LoadFailed } from "../../components/LoadFailed";
export { Loading } from "../../components/Loading";

/** The spec's role label (spec §3), translated. */
export function useRoleLabel(): (role: Role) => string {
  const { t } = useTranslation("common");
  return useCallback((role: Role) => t(`roles.${role}`), [t]);
}

/** Dates in the reader's language. A plain day (a plan's deadline, YYYY-MM-DD) stays that day in every time zone. */
export function useFormatDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string) => {
      const day = /^\d{4}-\d{2}-\d{2}$/.test(iso);
      return new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: day ? "UTC" : undefined }).format(new Date(iso));
    },
    [i18n.language],
  );
}

const REQUEST_STATUS_COLOR = { pending: "warning", accepted: "success", rejected: "default" } as const;

export function RequestStatusChip({ status }: { status: keyof typeof REQUEST_STATUS_COLOR }) {
  const { t } = useTranslation("people");
  return <Chip size="small" variant="outlined" color={REQUEST_STATUS_COLOR[status]} label={t(`requestStatus.${status}`)} />;
}

export function EmployeeStatusChip({ status }: { status: "active" | "deactivated" }) {
  const { t } = useTranslation("people");
  return <Chip size="small" variant="outlined" color={status === "active" ? "success" : "default"} label={t(`employeeStatus.${status}`)} />;
}

/** A progress bar with its percent written next to it; the bar's name says whose progress it is. */
export function Percent({ value, label }: { value: number; label: string }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 100 }}>
      <LinearProgress variant="determinate" value={value} aria-label={label} sx={{ flex: 1, height: 6, borderRadius: 3 }} />
      <Typography variant="body2" component="span" sx={{ minWidth: 40, textAlign: "right" }}>
        {value}%
      </Typography>
    </Box>
  );
}

/** A section of a page with its own h2 and optional actions. */
export function Section({ id, title, actions, children }: { id: string; title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: 1.5, mb: 2 }}>
        <Typography id={id} variant="h2">
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
