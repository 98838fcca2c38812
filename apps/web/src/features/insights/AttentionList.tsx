import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlineOutlined";
import ErrorOutline from "@mui/icons-material/ErrorOutlineOutlined";
import InfoOutlined from "@mui/icons-material/InfoOutlined";
import WarningAmberOutlined from "@mui/icons-material/WarningAmberOutlined";
import { useTranslation } from "react-i18next";
import type { InsightAttention } from "@learnward/contracts";
import { formatPercent } from "./format";

const ICONS = { error: <ErrorOutline color="error" />, warning: <WarningAmberOutlined color="warning" />, info: <InfoOutlined color="info" /> };

/** What an insight that needs attention says, in the interface language. */
export function useAttentionText() {
  const { t, i18n } = useTranslation("insights");
  return (a: InsightAttention): { message: string; detail: string | null } => {
    switch (a.kind) {
      case "overdue_people": {
        const reminded = Number(a.params.reminded_today ?? 0);
        return { message: t("attention.overdue_people", { count: a.count }), detail: reminded ? t("attention.remindedToday", { count: reminded }) : null };
      }
      case "my_overdue_tasks":
        return { message: t("attention.my_overdue_tasks", { count: a.count }), detail: null };
      case "pending":
        return { message: t(`attention.pending.${String(a.params.pending) as "purchase_requests"}`, { count: a.count }), detail: null };
      case "team_near_limit":
        return {
          message: t("attention.team_near_limit", { team: String(a.params.team), percent: formatPercent(Number(a.params.percent), i18n.language) }),
          detail: null,
        };
      case "no_budget":
        return { message: t("attention.no_budget"), detail: null };
    }
  };
}

/** The label of an action's button. */
function useActionLabel() {
  const { t } = useTranslation("insights");
  return (a: InsightAttention) => {
    if (a.action.kind === "remind_overdue") return a.action.enabled ? t("actions.remind_overdue") : t("actions.remindedAll");
    // A team leader sees their team's budget; only the L&D leader moves money between teams.
    if (a.action.kind === "rebalance_budget" && a.action.href === "/budgetingPlan") return t("actions.see_team_budget");
    return t(`actions.${a.action.kind}`);
  };
}

/** "Needs your attention": each insight with the one click that resolves it. */
export function AttentionList({ items, onRun, busy }: { items: InsightAttention[]; onRun: (a: InsightAttention) => void; busy: boolean }) {
  const { t } = useTranslation("insights");
  const text = useAttentionText();
  const label = useActionLabel();
  return (
    <Paper component="section" variant="outlined" aria-labelledby="attention-heading" sx={{ p: 2 }}>
      <Typography variant="h3" component="h2" id="attention-heading" sx={{ mb: 1.5 }}>
        {t("attention.heading")}
      </Typography>
      {items.length === 0 ? (
        <Box sx={{ display: "flex", gap: 1, alignItems: "center", color: "text.secondary" }}>
          <CheckCircleOutline color="success" aria-hidden />
          <Typography>{t("attention.none")}</Typography>
        </Box>
      ) : (
        <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1 }}>
          {items.map((a) => {
            const { message, detail } = text(a);
            return (
              <Box
                component="li"
                key={a.id}
                sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5, p: 1.5, borderRadius: 1, bgcolor: "action.hover" }}
              >
                <Box aria-hidden sx={{ display: "flex" }}>
                  {ICONS[a.severity]}
                </Box>
                <Box sx={{ flex: "1 1 220px", minWidth: 0 }}>
                  <Typography>{message}</Typography>
                  {detail && (
                    <Typography variant="body2" color="text.secondary">
                      {detail}
                    </Typography>
                  )}
                </Box>
                {a.action.method === "post" ? (
                  <Button variant="contained" size="small" disabled={!a.action.enabled || busy} onClick={() => onRun(a)}>
                    {label(a)}
                  </Button>
                ) : a.action.href && a.action.enabled ? (
                  <Button variant="outlined" size="small" component={RouterLink} to={a.action.href}>
                    {label(a)}
                  </Button>
                ) : null}
              </Box>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}
