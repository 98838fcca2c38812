import { useState } from "react";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import EditOutlined from "@mui/icons-material/EditOutlined";
import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import ManageAccountsOutlined from "@mui/icons-material/ManageAccountsOutlined";
import PersonOffOutlined from "@mui/icons-material/PersonOffOutlined";
import PersonOutlined from "@mui/icons-material/PersonOutlined";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import { useTranslation } from "react-i18next";
import { Role } from "@learnward/contracts";
import { EmptyState } from "../../components/EmptyState";
import type { AccountStatusFilter, AdminAccount } from "./api";
import { AccountHistoryDialog, AccountStatusDialog, EditAccountDialog } from "./AccountDialogs";
import { AnyRoleSelect, CompanySelect } from "./fields";
import { useAccounts } from "./hooks";
import { LoadFailed, Loading, StatusChip, useDebounced, useFormatDateTime, stickyActions, useRoleLabel } from "./ui";
import { TablePager, usePaging } from "../../components/TablePager";
import { ScrollArea } from "../../components/ScrollArea";

type Dialog = { kind: "edit" | "status" | "history"; account: AdminAccount } | null;

/** Any account of any company: search by name or email, filter by company, role and status. */
export function AccountsTable({ myAccountId }: { myAccountId: number }) {
  const { t } = useTranslation("admin");
  const roleLabel = useRoleLabel();
  const formatDateTime = useFormatDateTime();
  const [search, setSearch] = useState("");
  const [company, setCompany] = useState("");
  const [role, setRole] = useState("");
  const [status, setStatus] = useState<AccountStatusFilter>("all");
  const { page, pageSize, setPage, pager } = usePaging();
  const [dialog, setDialog] = useState<Dialog>(null);
  const debounced = useDebounced(search.trim());
  const roleFilter = Role.safeParse(role);
  const accounts = useAccounts({
    search: debounced,
    company: company ? Number(company) : undefined,
    role: roleFilter.success ? roleFilter.data : undefined,
    status,
    page,
    page_size: pageSize,
  });
  // Any change of filter starts again from the first page.
  const filter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };
  const list = accounts.data?.results ?? [];
  const filtered = Boolean(debounced || company || role || status !== "all");
  const close = () => setDialog(null);
  const label = t("people.tableLabel");

  return (
    <>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, mb: 2 }}>
        <TextField
          type="search"
          size="small"
          label={t("people.search")}
          value={search}
          onChange={(event) => filter(setSearch)(event.target.value)}
          sx={{ flex: "2 1 240px" }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchOutlined fontSize="small" /></InputAdornment> } }}
        />
        <CompanySelect size="small" label={t("people.company")} value={company} onChange={filter(setCompany)} emptyLabel={t("people.allCompanies")} sx={{ flex: "1 1 180px", width: "auto" }} />
        <AnyRoleSelect size="small" label={t("people.role")} value={role} onChange={filter(setRole)} emptyLabel={t("people.allRoles")} sx={{ flex: "1 1 150px", width: "auto" }} />
        <TextField
          select
          size="small"
          label={t("people.status")}
          value={status}
          onChange={(event) => filter(setStatus)(event.target.value as AccountStatusFilter)}
          sx={{ flex: "1 1 140px" }}
        >
          {(["all", "active", "deactivated"] as const).map((value) => (
            <MenuItem key={value} value={value}>
              {t(`people.statusFilters.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      {accounts.isPending ? (
        <Loading label={t("people.loading")} />
      ) : accounts.isError ? (
        <LoadFailed error={accounts.error} onRetry={() => void accounts.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<ManageAccountsOutlined />}
          title={filtered ? t("people.noMatch") : t("people.emptyTitle")}
          description={filtered ? undefined : t("people.emptyDescription")}
        />
      ) : (
        <Paper variant="outlined">
          <ScrollArea label={label}>
            <Table size="small" aria-label={label} aria-busy={accounts.isFetching} sx={{ minWidth: 900 }}>
              <TableHead>
                <TableRow>
                  {(["name", "email", "company", "role", "team", "status", "lastSignIn"] as const).map((column) => (
                    <TableCell key={column} scope="col">
                      {t(`people.columns.${column}`)}
                    </TableCell>
                  ))}
                  <TableCell scope="col" align="right" sx={stickyActions}>
                    {t("people.columns.actions")}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((account) => {
                  const isSelf = account.id === myAccountId;
                  const active = account.status === "active";
                  const name = account.display_name;
                  return (
                    <TableRow key={account.id}>
                      <TableCell component="th" scope="row">
                        {name}
                        {isSelf && (
                          <Typography component="span" variant="caption" color="text.secondary">
                            {" "}
                            {t("people.you")}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell sx={{ overflowWrap: "anywhere" }}>{account.email}</TableCell>
                      <TableCell>{account.company?.name ?? t("people.platform")}</TableCell>
                      <TableCell>{roleLabel(account.role)}</TableCell>
                      <TableCell>{account.team?.name ?? t("people.noTeam")}</TableCell>
                      <TableCell>
                        <StatusChip status={account.status} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: "nowrap" }}>{account.last_sign_in_at ? formatDateTime(account.last_sign_in_at) : t("people.never")}</TableCell>
                      <TableCell align="right" sx={stickyActions}>
                        <Tooltip title={t("people.historyLabel", { name })}>
                          <IconButton aria-label={t("people.historyLabel", { name })} onClick={() => setDialog({ kind: "history", account })}>
                            <HistoryOutlined />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t("people.editLabel", { name })}>
                          <IconButton aria-label={t("people.editLabel", { name })} onClick={() => setDialog({ kind: "edit", account })}>
                            <EditOutlined />
                          </IconButton>
                        </Tooltip>
                        {!isSelf && (
                          <Tooltip title={t(active ? "people.deactivateLabel" : "people.reactivateLabel", { name })}>
                            <IconButton
                              aria-label={t(active ? "people.deactivateLabel" : "people.reactivateLabel", { name })}
                              onClick={() => setDialog({ kind: "status", account })}
                            >
                              {active ? <PersonOffOutlined /> : <PersonOutlined />}
                            </IconButton>
                          </Tooltip>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </ScrollArea>
          <TablePager {...pager(accounts.data.count)} />
        </Paper>
      )}

      {dialog?.kind === "edit" && <EditAccountDialog account={dialog.account} isSelf={dialog.account.id === myAccountId} onClose={close} />}
      {dialog?.kind === "status" && <AccountStatusDialog account={dialog.account} onClose={close} />}
      {dialog?.kind === "history" && <AccountHistoryDialog account={dialog.account} onClose={close} />}
    </>
  );
}
