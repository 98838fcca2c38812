import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import CheckOutlined from "@mui/icons-material/CheckOutlined";
import CloseOutlined from "@mui/icons-material/CloseOutlined";
import PaidOutlined from "@mui/icons-material/PaidOutlined";
import UndoOutlined from "@mui/icons-material/UndoOutlined";
import { useTranslation } from "react-i18next";
import type { PurchaseRequest } from "@learnward/contracts";
import { toast } from "../../lib/toast";
import { usePurchaseRequests, useRequestAction, type PeriodFilter, type RequestAction, type Scope, type Sort, type StatusFilter } from "./hooks";
import { formatMoney } from "./money";
import { usePaging } from "../../components/TablePager";
import { DataTable, type Columns } from "../../components/DataTable";
import { PayDialog } from "./PayDialog";
import { RejectDialog } from "./RejectDialog";
import { StatusChip } from "./StatusChip";
import { useBudgetError } from "./useBudgetError";
import visuallyHidden from "@mui/utils/visuallyHidden";

const STATUSES: StatusFilter[] = ["all", "pending", "approved", "paid", "rejected", "cancelled"];

interface RequestListProps {
  scope: Scope;
  currency: string;
  /** Filters by status, period and order; without them the list shows what is pending. */
  filters?: boolean;
  team?: number;
  /** The heading or tab naming the list; without one it is named "My requests". */
  labelledBy?: string;
  initialStatus?: StatusFilter;
}

/** A page of purchase requests with the actions the server allows on each (its `abilities`). */
export function RequestList({ scope, currency, filters = true, team, labelledBy, initialStatus = "all" }: RequestListProps) {
  const { t, i18n } = useTranslation("budgeting");
  const [status, setStatus] = useState<StatusFilter>(initialStatus);
  const [period, setPeriod] = useState<PeriodFilter>("");
  const [sort, setSort] = useState<Sort>("desc");
  const { page, pageSize, setPage, pager } = usePaging(10);
  const [dialog, setDialog] = useState<{ kind: "reject" | "pay"; request: PurchaseRequest } | null>(null);
  const query = usePurchaseRequests({ scope, status, period, sort, page, pageSize, team });
  const action = useRequestAction();
  const errorMessage = useBudgetError(currency);

  const run = (next: RequestAction, done: string) =>
    action.mutate(next, {
      onSuccess: () => {
        setDialog(null);
        toast(done, "success");
      },
      onError: (error) => toast(errorMessage(error), "error"),
    });

  const filterChanged =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const rows = query.data?.results ?? [];
  const columns: Columns<PurchaseRequest> = [
    {
      key: "item",
      header: t("requests.item"),
      cellSx: { minWidth: 180 },
      cell: (r) => (
        <>
          {r.link ? (
            <Link href={r.link} target="_blank" rel="noopener noreferrer">
              {r.title}
            </Link>
          ) : (
            r.title
          )}
          {r.reason && (
            <Typography variant="body2" color="text.secondary">
              {r.reason}
            </Typography>
          )}
          {r.status === "rejected" && r.rejection_reason && (
            <Typography variant="body2" color="error">
              {t("requests.rejectedBecause", { reason: r.rejection_reason })}
            </Typography>
          )}
          {r.status === "paid" && r.payment_reference && (
            <Typography variant="body2" color="text.secondary">
              {t("requests.paidRef", { reference: r.payment_reference, date: r.paid_at ?? "" })}
            </Typography>
          )}
        </>
      ),
    },
    {
      key: "price",
      header: t("requests.price"),
      align: "right",
      cellSx: { whiteSpace: "nowrap" },
      cell: (r) => formatMoney(r.price_minor, r.currency, i18n.language),
    },
    { key: "status", header: t("requests.status"), cell: (r) => <StatusChip status={r.status} /> },
    scope === "decide" && {
      key: "requestedBy",
      header: t("requests.requestedBy"),
      cell: (r) => (
        <>
          {r.requested_by.display_name}
          {r.team && (
            <Typography variant="body2" color="text.secondary">
              {r.team.name}
            </Typography>
          )}
        </>
      ),
    },
    { key: "date", header: t("requests.date"), cellSx: { whiteSpace: "nowrap" }, cell: (r) => new Date(r.created_at).toLocaleDateString(i18n.language) },
    {
      key: "actions",
      header: (
        <Box component="span" sx={visuallyHidden}>
          {t("requests.actions")}
        </Box>
      ),
      cell: (r) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end", flexWrap: "wrap", rowGap: 1 }}>
          {r.abilities.approve && (
            <Button
              size="small"
              variant="contained"
              startIcon={<CheckOutlined />}
              aria-label={t("actions.approveItem", { title: r.title })}
              disabled={action.isPending}
              onClick={() => run({ kind: "approve", id: r.id }, t("done.approved"))}
            >
              {t("actions.approve")}
            </Button>
          )}
          {r.abilities.reject && (
            <Button
              size="small"
              color="error"
              startIcon={<CloseOutlined />}
              aria-label={t("actions.rejectItem", { title: r.title })}
              onClick={() => setDialog({ kind: "reject", request: r })}
            >
              {t("actions.reject")}
            </Button>
          )}
          {r.abilities.pay && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<PaidOutlined />}
              aria-label={t("actions.markPaidItem", { title: r.title })}
              onClick={() => setDialog({ kind: "pay", request: r })}
            >
              {t("actions.markPaid")}
            </Button>
          )}
          {r.abilities.cancel && (
            <Button
              size="small"
              startIcon={<UndoOutlined />}
              aria-label={t("actions.cancelItem", { title: r.title })}
              disabled={action.isPending}
              onClick={() => run({ kind: "cancel", id: r.id }, t("done.cancelled"))}
            >
              {t("actions.cancel")}
            </Button>
          )}
        </Stack>
      ),
    },
  ];
  return (
    <Stack spacing={2}>
      {filters && (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(3, minmax(0, 200px))" } }}>
          <TextField select size="small" label={t("filters.status")} value={status} onChange={(e) => filterChanged(setStatus)(e.target.value as StatusFilter)}>
            {STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t("filters.period")}
            value={period}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            onChange={(e) => filterChanged(setPeriod)(e.target.value as PeriodFilter)}
          >
            <MenuItem value="">{t("filters.anyTime")}</MenuItem>
            <MenuItem value="year">{t("filters.thisYear")}</MenuItem>
            <MenuItem value="month">{t("filters.thisMonth")}</MenuItem>
          </TextField>
          <TextField select size="small" label={t("filters.sort")} value={sort} onChange={(e) => filterChanged(setSort)(e.target.value as Sort)}>
            <MenuItem value="desc">{t("filters.newest")}</MenuItem>
            <MenuItem value="asc">{t("filters.oldest")}</MenuItem>
          </TextField>
        </Box>
      )}
      {query.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(query.error)}
        </Alert>
      )}
      <DataTable
        {...(labelledBy ? { labelledBy } : { label: t("purchaseRequests.mineTab") })}
        loading={query.isPending}
        loadingLabel={t("loading")}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        pager={pager(query.data?.count ?? 0)}
        empty={
          <Paper variant="outlined" sx={{ p: 3, textAlign: "center" }}>
            <Typography color="text.secondary">{t("requests.none")}</Typography>
          </Paper>
        }
      />
      {dialog?.kind === "reject" && (
        <RejectDialog
          title={dialog.request.title}
          pending={action.isPending}
          onClose={() => setDialog(null)}
          onReject={(reason) => run({ kind: "reject", id: dialog.request.id, reason }, t("done.rejected"))}
        />
      )}
      {dialog?.kind === "pay" && (
        <PayDialog
          title={dialog.request.title}
          pending={action.isPending}
          onClose={() => setDialog(null)}
          onPay={(reference, paidAt) => run({ kind: "pay", id: dialog.request.id, reference, paid_at: paidAt }, t("done.paid"))}
        />
      )}
    </Stack>
  );
}
