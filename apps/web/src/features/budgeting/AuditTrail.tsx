import Alert from "@mui/material/Alert";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { useAudit } from "./hooks";
import { ScrollArea } from "../../components/ScrollArea";
import { TablePager, usePaging } from "../../components/TablePager";

/** Who changed what and when, across budgets, allocations and requests, newest first, a page at a time. */
export function AuditTrail() {
  const { t, i18n } = useTranslation("budgeting");
  const { page, pageSize, pager } = usePaging();
  const audit = useAudit(page, pageSize);
  const message = useErrorMessage();
  const rows = audit.data?.results ?? [];
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
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{t("companyBudget.audit.none")}</Typography>
      ) : (
        <ScrollArea labelledBy="audit-heading">
          <Table size="small" aria-labelledby="audit-heading">
            <TableHead>
              <TableRow>
                <TableCell>{t("companyBudget.audit.when")}</TableCell>
                <TableCell>{t("companyBudget.audit.who")}</TableCell>
                <TableCell>{t("companyBudget.audit.action")}</TableCell>
                <TableCell>{t("companyBudget.audit.what")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>
                    {new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(row.created_at))}
                  </TableCell>
                  <TableCell>{row.actor?.display_name ?? t("companyBudget.audit.system")}</TableCell>
                  <TableCell>
                    {i18n.exists(`companyBudget.audit.actions.${row.action}`, { ns: "budgeting" }) ? t(`companyBudget.audit.actions.${row.action}` as "companyBudget.audit.actions.create") : row.action}
                  </TableCell>
                  <TableCell>{t(`companyBudget.audit.entity.${row.entity}`, { id: row.entity_id })}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollArea>
      )}
      {audit.isSuccess && audit.data.count > 0 && <TablePager {...pager(audit.data.count)} />}
    </Paper>
  );
}
