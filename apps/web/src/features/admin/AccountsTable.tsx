import { useState } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import EditOutlined from "@mui/icons-material/EditOutlined";
import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import ManageAccountsOutlined from "@mui/icons-material/ManageAccountsOutlined";
import PersonOffOutlined from "@mui/icons-material/PersonOffOutlined";
import PersonOutlined from "@mui/icons-material/PersonOutlined";
import { useTranslation } from "react-i18next";
import { Role } from "@learnward/contracts";
import { FilteredEmptyState } from "../../components/EmptyState";
import { FilterSelect } from "../../components/FilterSelect";
import { SearchField } from "../../components/SearchField";
import type { AccountsParams, AccountStatusFilter, AdminAccount } from "./api";
import { AccountHistoryDialog, AccountStatusDialog, EditAccountDialog } from "./AccountDialogs";
import { AnyRoleSelect, CompanySelect } from "./fields";
import { useAccounts } from "./hooks";
import { StatusChip, useDebounced, useFormatDateTime, stickyActions, useRoleLabel } from "./ui";
import { usePaging } from "../../components/TablePager";
import { DataTable, RowAction, type Column } from "../../components/DataTable";

type Dialog = { kind: "edit" | "status" | "history"; account: AdminAccount } | null;

/** The page of accounts the table opens with (the admin people page's first data). */
export const FIRST_ACCOUNTS = { search: "", status: "all", page: 1, page_size: 20 } as const satisfies AccountsParams;

/** Any account of any company: search by name or email, filter by company, role and status. */
export function AccountsTable({ myAccountId }: { myAccountId: number }) {
  const { t } = useTranslation("admin");
  const roleLabel = useRoleLabel();
  const formatDateTime = useFormatDateTime();
  const [search, setSearch] = useState<string>(FIRST_ACCOUNTS.search);
  const [company, setCompany] = useState("");
  const [role, setRole] = useState("");
  const [status, setStatus] = useState<AccountStatusFilter>(FIRST_ACCOUNTS.status);
  const { page, pageSize, pager, filter } = usePaging(FIRST_ACCOUNTS.page_size);
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
  const list = accounts.data?.results ?? [];
  const filtered = Boolean(debounced || company || role || status !== "all");
  const close = () => setDialog(null);
  const columns: Column<AdminAccount>[] = [
    {
      key: "name",
      header: t("people.columns.name"),
      rowHeader: true,
      cell: (account) => (
        <>
          {account.display_name}
          {account.id === myAccountId && (
            <Typography component="span" variant="caption" color="text.secondary">
              {" "}
              {t("people.you")}
            </Typography>
          )}
        </>
      ),
    },
    { key: "email", header: t("people.columns.email"), cell: (account) => account.email, cellSx: { overflowWrap: "anywhere" } },
    { key: "company", header: t("people.columns.company"), cell: (account) => account.company?.name ?? t("people.platform") },
    { key: "role", header: t("people.columns.role"), cell: (account) => roleLabel(account.role) },
    { key: "team", header: t("people.columns.team"), cell: (account) => account.team?.name ?? t("people.noTeam") },
    { key: "status", header: t("people.columns.status"), cell: (account) => <StatusChip status={account.status} /> },
    {
      key: "lastSignIn",
      header: t("people.columns.lastSignIn"),
      cellSx: { whiteSpace: "nowrap" },
      cell: (account) => (account.last_sign_in_at ? formatDateTime(account.last_sign_in_at) : t("people.never")),
    },
    {
      key: "actions",
      header: t("people.columns.actions"),
      align: "right",
      sx: stickyActions,
      cell: (account) => {
        const name = account.display_name;
        const active = account.status === "active";
        return (
          <>
            <RowAction label={t("people.historyLabel", { name })} icon={<HistoryOutlined />} onClick={() => setDialog({ kind: "history", account })} />
            <RowAction label={t("people.editLabel", { name })} icon={<EditOutlined />} onClick={() => setDialog({ kind: "edit", account })} />
            {account.id !== myAccountId && (
              <RowAction
                label={t(active ? "people.deactivateLabel" : "people.reactivateLabel", { name })}
                icon={active ? <PersonOffOutlined /> : <PersonOutlined />}
                onClick={() => setDialog({ kind: "status", account })}
              />
            )}
          </>
        );
      },
    },
  ];

  return (
    <>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, mb: 2 }}>
        <SearchField label={t("people.search")} value={search} onChange={filter(setSearch)} sx={{ flex: "2 1 240px" }} />
        <CompanySelect
          size="small"
          label={t("people.company")}
          value={company}
          onChange={filter(setCompany)}
          emptyLabel={t("people.allCompanies")}
          sx={{ flex: "1 1 180px", width: "auto" }}
        />
        <AnyRoleSelect
          size="small"
          label={t("people.role")}
          value={role}
          onChange={filter(setRole)}
          emptyLabel={t("people.allRoles")}
          sx={{ flex: "1 1 150px", width: "auto" }}
        />
        <FilterSelect
          label={t("people.status")}
          value={status}
          values={["all", "active", "deactivated"] as const}
          optionLabel={(value) => t(`people.statusFilters.${value}`)}
          onChange={filter(setStatus)}
          sx={{ flex: "1 1 140px" }}
        />
      </Box>

      <DataTable
        label={t("people.tableLabel")}
        query={accounts}
        loadingLabel={t("people.loading")}
        minWidth={900}
        columns={columns}
        rows={list}
        rowKey={(account) => account.id}
        pager={pager(accounts.data?.count ?? 0)}
        empty={
          <FilteredEmptyState
            filtered={filtered}
            icon={<ManageAccountsOutlined />}
            noMatch={t("people.noMatch")}
            title={t("people.emptyTitle")}
            description={t("people.emptyDescription")}
          />
        }
      />

      {dialog?.kind === "edit" && <EditAccountDialog account={dialog.account} isSelf={dialog.account.id === myAccountId} onClose={close} />}
      {dialog?.kind === "status" && <AccountStatusDialog account={dialog.account} onClose={close} />}
      {dialog?.kind === "history" && <AccountHistoryDialog account={dialog.account} onClose={close} />}
    </>
  );
}
