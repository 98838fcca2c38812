import Alert from "@mui/material/Alert";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import type { AuditRow } from "./api";
import { useAudit } from "./hooks";
import { periodLabel } from "./periodLabel";
import { DataTable, type Column } from "../../components/DataTable";
import { usePaging } from "../../components/TablePager";

/** Who changed what and when, across budgets, allocations and requests, newest first, a page at a time. */
export function AuditTrail() {
  const { t, i18n } = useTranslation("budgeting");
  const { page, pageSize, pager } = usePaging();
  const audit = useAudit(page, pageSize);
  const message = useErrorMessage();
  const rows = audit.data?.results ?? [];
  /** What was changed, in words: the request's title, the team and period of an allocation, a budget's period. */
  const subject = ({ entity, subject: s }: AuditRow): string => {
    const period = s.period && s.period_start ? periodLabel({ period: s.period, period_start: s.period_start }, t, i18n.language) : null;
    if (entity === "purchase_request" && s.title !== null) return t("companyBudget.audit.subject.purchase_request", { title: s.title });
    if (entity === "allocation" && s.team !== null && period) return t("companyBudget.audit.subject.allocation", { team: s.team, period });
    if (entity === "budget" && period) return t("companyBudget.audit.subject.budget", { period });
    return t(`companyBudget.audit.subject.gone.${entity}`);
  };
  const columns: Column<(typeof rows)[number]>[] = [
    {
      key: "when",
      header: t("companyBudget.audit.when"),
      cellSx: { whiteSpace: "nowrap" },
      cell: (row) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(row.created_at)),
    },
    { key: "who", header: t("companyBudget.audit.who"), cell: (row) => row.actor?.display_name ?? t("companyBudget.audit.system") },
    { key: "action", header: t("companyBudget.audit.action"), cell: (row) => t(`companyBudget.audit.actions.${row.entity}.${row.action}`) },
    { key: "what", header: t("companyBudget.audit.what"), cell: (row) => subject(row) },
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="audit-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id="audit-heading" sx={{ mb: 2 }}>
        {t("companyBudget.audit.heading")}
      </Typography>
      {audit.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : audit.isError ? (
        <Alert severity="error" role="alert">
          {message(audit.error)}
        </Alert>
      ) : (
        <DataTable
          labelledBy="audit-heading"
          outlined={false}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          empty={<Typography color="text.secondary">{t("companyBudget.audit.none")}</Typography>}
          pager={pager(audit.data.count)}
        />
      )}
    </Paper>
  );
}
