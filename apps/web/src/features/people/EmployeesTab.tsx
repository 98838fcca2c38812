import { lazy, Suspense, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import EditOutlined from "@mui/icons-material/EditOutlined";
import PersonOffOutlined from "@mui/icons-material/PersonOffOutlined";
import PersonAddAlt1Outlined from "@mui/icons-material/PersonAddAlt1Outlined";
import UploadFileOutlined from "@mui/icons-material/UploadFileOutlined";
import BadgeOutlined from "@mui/icons-material/BadgeOutlined";
import SchoolOutlined from "@mui/icons-material/SchoolOutlined";
import { useTranslation } from "react-i18next";
import { Role } from "@learnward/contracts";
import { FilteredEmptyState } from "../../components/EmptyState";
import { FilterSelect } from "../../components/FilterSelect";
import { SearchField } from "../../components/SearchField";
import type { Employee, EmployeeOrdering, EmployeesParams, EmployeeStatusFilter, SortOrder } from "./api";
import { useEmployees } from "./hooks";
import { RoleSelect, TeamSelect } from "./fields";
import { DeactivateDialog, EditEmployeeDialog, InviteDialog } from "./EmployeeDialogs";
import { InvitationsSection } from "./InvitationsSection";
import { EmployeeStatusChip, useDebounced, useFormatDate, useRoleLabel } from "./ui";
import { usePaging } from "../../components/TablePager";
import { DataTable, RowAction, type Columns } from "../../components/DataTable";
import { PersonSkillsDialog } from "../skills/PersonSkillsDialog";

// papaparse comes with this dialog only, when hr opens it.
const BulkInviteDialog = lazy(() => import("./BulkInviteDialog"));

type Dialog = { kind: "edit" | "deactivate" | "skills"; employee: Employee } | { kind: "invite" } | { kind: "bulk" } | null;

/** The page of people the tab opens with: active ones by name (the people management page's first data). */
export const FIRST_EMPLOYEES = { search: "", status: "active", ordering: "name", sort: "asc", page: 1, page_size: 20 } as const satisfies EmployeesParams;

/** Tab 2: everyone in the company, searchable, filterable, sortable and paged by the server. */
export function EmployeesTab({ canManage, myAccountId }: { canManage: boolean; myAccountId: number }) {
  const { t } = useTranslation("people");
  const { t: ts } = useTranslation("skills");
  const roleLabel = useRoleLabel();
  const formatDate = useFormatDate();
  const [search, setSearch] = useState<string>(FIRST_EMPLOYEES.search);
  const [team, setTeam] = useState("");
  const [role, setRole] = useState("");
  const [status, setStatus] = useState<EmployeeStatusFilter>(FIRST_EMPLOYEES.status);
  const [ordering, setOrdering] = useState<EmployeeOrdering>(FIRST_EMPLOYEES.ordering);
  const [sort, setSort] = useState<SortOrder>(FIRST_EMPLOYEES.sort);
  const { page, pageSize, setPage, pager, filter } = usePaging(FIRST_EMPLOYEES.page_size);
  const [dialog, setDialog] = useState<Dialog>(null);
  const debounced = useDebounced(search.trim());

  const roleFilter = Role.safeParse(role);
  const employees = useEmployees({
    search: debounced,
    team: team ? Number(team) : undefined,
    role: roleFilter.success ? roleFilter.data : undefined,
    status,
    ordering,
    sort,
    page,
    page_size: pageSize,
  });
  const sortBy = (column: EmployeeOrdering) => {
    if (column === ordering) setSort(sort === "asc" ? "desc" : "asc");
    else {
      setOrdering(column);
      setSort("asc");
    }
    setPage(1);
  };

  const list = employees.data?.results ?? [];
  const filtered = Boolean(debounced || team || role || status !== "active");
  const close = () => setDialog(null);
  const columns: Columns<Employee> = [
    {
      key: "name",
      header: t("employees.columns.name"),
      sort: "name",
      rowHeader: true,
      cell: (employee) => (
        <>
          {employee.display_name}
          {employee.id === myAccountId && (
            <Typography component="span" variant="caption" color="text.secondary">
              {" "}
              {t("employees.you")}
            </Typography>
          )}
        </>
      ),
    },
    { key: "email", header: t("employees.columns.email"), sort: "email", cell: (employee) => employee.email },
    { key: "role", header: t("employees.columns.role"), sort: "role", cell: (employee) => roleLabel(employee.role) },
    { key: "team", header: t("employees.columns.team"), cell: (employee) => employee.team?.name ?? t("employees.noTeam") },
    { key: "status", header: t("employees.columns.status"), cell: (employee) => <EmployeeStatusChip status={employee.status} /> },
    {
      key: "created",
      header: t("employees.columns.created"),
      sort: "created_at",
      cellSx: { whiteSpace: "nowrap" },
      cell: (employee) => formatDate(employee.created_at),
    },
    canManage && {
      key: "actions",
      header: t("table.actions"),
      align: "right",
      cellSx: { whiteSpace: "nowrap" },
      cell: (employee) =>
        employee.status === "active" && (
          <>
            <RowAction
              label={t("employees.editLabel", { name: employee.display_name })}
              icon={<EditOutlined />}
              onClick={() => setDialog({ kind: "edit", employee })}
            />
            <RowAction
              label={ts("person.open", { name: employee.display_name })}
              icon={<SchoolOutlined />}
              onClick={() => setDialog({ kind: "skills", employee })}
            />
            {employee.id !== myAccountId && (
              <RowAction
                label={t("employees.deactivateLabel", { name: employee.display_name })}
                icon={<PersonOffOutlined />}
                onClick={() => setDialog({ kind: "deactivate", employee })}
              />
            )}
          </>
        ),
    },
  ];

  return (
    <>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center", mb: 2 }}>
        <SearchField label={t("employees.search")} value={search} onChange={filter(setSearch)} sx={{ flex: "2 1 220px" }} />
        <Box sx={{ flex: "1 1 160px" }}>
          <TeamSelect size="small" label={t("employees.team")} value={team} onChange={filter(setTeam)} emptyLabel={t("employees.allTeams")} />
        </Box>
        <Box sx={{ flex: "1 1 160px" }}>
          <RoleSelect size="small" label={t("employees.role")} value={role} onChange={filter(setRole)} emptyLabel={t("employees.allRoles")} />
        </Box>
        <FilterSelect
          label={t("employees.status")}
          value={status}
          values={["active", "deactivated", "all"] as const}
          optionLabel={(value) => t(`employeeStatusFilter.${value}`)}
          onChange={filter(setStatus)}
          sx={{ flex: "1 1 140px" }}
        />
      </Box>
      {canManage && (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, justifyContent: "flex-end", mb: 2 }}>
          <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setDialog({ kind: "bulk" })}>
            {t("bulk.open")}
          </Button>
          <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={() => setDialog({ kind: "invite" })}>
            {t("invite.open")}
          </Button>
        </Box>
      )}

      <DataTable
        label={t("employees.tableLabel")}
        query={employees}
        loadingLabel={t("employees.loading")}
        minWidth={760}
        columns={columns}
        rows={list}
        rowKey={(employee) => employee.id}
        sort={{ by: ordering, direction: sort, onSort: (by) => sortBy(by as EmployeeOrdering) }}
        pager={pager(employees.data?.count ?? 0)}
        empty={
          <FilteredEmptyState
            filtered={filtered}
            icon={<BadgeOutlined />}
            noMatch={t("employees.noMatch")}
            title={t("employees.emptyTitle")}
            description={t("employees.emptyDescription")}
          />
        }
      />

      {canManage && (
        <Box sx={{ mt: 4 }}>
          <InvitationsSection />
        </Box>
      )}

      {dialog?.kind === "edit" && <EditEmployeeDialog employee={dialog.employee} isSelf={dialog.employee.id === myAccountId} onClose={close} />}
      {dialog?.kind === "deactivate" && <DeactivateDialog employee={dialog.employee} onClose={close} />}
      {dialog?.kind === "skills" && <PersonSkillsDialog accountId={dialog.employee.id} name={dialog.employee.display_name} onClose={close} />}
      {dialog?.kind === "invite" && <InviteDialog onClose={close} />}
      {dialog?.kind === "bulk" && (
        <Suspense fallback={null}>
          <BulkInviteDialog onClose={close} />
        </Suspense>
      )}
    </>
  );
}
