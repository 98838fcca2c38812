import { useCallback, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../budgeting/money";

// Small pieces the three admin pages share; the people screens' loading, error and scroll helpers
// are reused as they are (they carry no strings of their own namespace).
export { Loading, LoadFailed, useDebounced, useRoleLabel } from "../people/ui";

/** Date and time in the reader's language. */
export function useFormatDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)),
    [i18n.language],
  );
}

/** A day in the reader's language. */
export function useFormatDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback((iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(iso)), [i18n.language]);
}

/** Minor units in the amount's own currency and the interface language. */
export function useFormatMoney(): (minor: number, currency: string) => string {
  const { i18n } = useTranslation();
  return useCallback((minor: number, currency: string) => formatMoney(minor, currency, i18n.language), [i18n.language]);
}

/** "Year 2026" or "March 2026", in the interface language. */
export function usePeriodLabel(): (period: "year" | "month", periodStart: string) => string {
  const { t, i18n } = useTranslation("admin");
  return useCallback(
    (period: "year" | "month", periodStart: string) => {
      const [year, month] = periodStart.split("-").map(Number) as [number, number];
      if (period === "year") return t("budgets.yearPeriod", { year });
      return new Intl.DateTimeFormat(i18n.language, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year, month - 1, 1)));
    },
    [t, i18n.language],
  );
}

const STATUS_COLOR = { active: "success", suspended: "warning", deactivated: "default" } as const;

/** A company's or an account's status. */
export function StatusChip({ status }: { status: keyof typeof STATUS_COLOR }) {
  const { t } = useTranslation("admin");
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={t(`status.${status}`)} />;
}

/** A titled part of a page, with optional actions next to its h2. */
export function Section({
  id,
  title,
  description,
  actions,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: 1.5, mb: 2 }}>
        <Box>
          <Typography id={id} variant="h2">
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {description}
            </Typography>
          )}
        </Box>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}

/** The actions column stays in view while a wide table scrolls sideways on a narrow screen. */
export const stickyActions = {
  position: "sticky",
  right: 0,
  bgcolor: "background.paper",
  whiteSpace: "nowrap",
  boxShadow: { xs: "-6px 0 6px -6px rgba(0,0,0,0.25)", lg: "none" },
} as const;
