import Alert from "@mui/material/Alert";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { useAudit } from "./hooks";
import { DataTable, type Column } from "../../components/DataTable";
import { usePaging } from "../../components/TablePager";

/** Who changed what and when, across budgets, allocations and requests, newest first, a page at a time. */
export function AuditTrail() {
  const { t, i18n } = useTranslation("budgeting");
  const { page, pageSize, pager } = usePaging();
  const audit = useAudit(page, pageSize);
  const message = useErrorMessage();
  const rows = audit.data?.results ?? [];
  const columns: Column<(typeof rows)[number]>[] = [
    {
      key: "when",
      header: t("companyBudget.audit.when"),
      cellSx: { whiteSpace: "nowrap" },
      cell: (row) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(row.created_at)),
    },
    { key: "who", header: t("companyBudget.audit.who"), cell: (row) => row.actor?.display_name ?? t("companyBudget.audit.system") },
    {
      key: "action",
      header: t("companyBudget.audit.action"),
      cell: (row) =>
        i18n.exists(`companyBudget.audit.actions.${row.action}`, { ns: "budgeting" })
          ? t(`companyBudget.audit.actions.${row.action}` as "companyBudget.audit.actions.create")
          : row.action,
    },
    { key: "what", header: t("companyBudget.audit.what"), cell: (row) => t(`companyBudget.audit.entity.${row.entity}`, { id: row.entity_id }) },
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
