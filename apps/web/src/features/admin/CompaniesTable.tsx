import { useState } from "react";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import ApartmentOutlined from "@mui/icons-material/ApartmentOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import PauseCircleOutlined from "@mui/icons-material/PauseCircleOutlined";
import PlayCircleOutlined from "@mui/icons-material/PlayCircleOutlined";
import { useTranslation } from "react-i18next";
import { FilteredEmptyState } from "../../components/EmptyState";
import { FilterSelect } from "../../components/FilterSelect";
import { SearchField } from "../../components/SearchField";
import type { AdminCompany, CompaniesParams, CompanyStatusFilter } from "./api";
import { CompanyDialog } from "./CompanyDialog";
import { CompanyDetailsDialog, SuspendDialog } from "./CompanyDialogs";
import { useCompanies } from "./hooks";
import { StatusChip, useDebounced, stickyActions, useFormatDate } from "./ui";
import { usePaging } from "../../components/TablePager";
import { DataTable, RowAction, type Column } from "../../components/DataTable";

type Dialog = { kind: "edit" | "suspend" | "details"; company: AdminCompany } | null;

/** The page of companies the table opens with (the admin companies page's first data). */
export const FIRST_COMPANIES = { search: "", status: "all", page: 1, page_size: 20 } as const satisfies CompaniesParams;

/** Every company on the platform: searchable, filtered by status, paged by the server. */
export function CompaniesTable() {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const [search, setSearch] = useState<string>(FIRST_COMPANIES.search);
  const [status, setStatus] = useState<CompanyStatusFilter>(FIRST_COMPANIES.status);
  const { page, pageSize, pager, filter } = usePaging(FIRST_COMPANIES.page_size);
  const [dialog, setDialog] = useState<Dialog>(null);
  const debounced = useDebounced(search.trim());
  const companies = useCompanies({ search: debounced, status, page, page_size: pageSize });
  const list = companies.data?.results ?? [];
  const filtered = Boolean(debounced) || status !== "all";
  const close = () => setDialog(null);
  const count = (key: "people" | "active" | "saves", value: (company: AdminCompany) => number): Column<AdminCompany> => ({
    key,
    header: t(`companies.columns.${key}`),
    align: "right",
    cell: value,
  });
  const columns: Column<AdminCompany>[] = [
    {
      key: "company",
      header: t("companies.columns.company"),
      rowHeader: true,
      cell: (company) => (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
          <Avatar src={company.url_photo ?? undefined} alt="" variant="rounded" sx={{ width: 32, height: 32, bgcolor: "primary.main", fontSize: 16 }}>
            {company.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="span" sx={{ display: "block", fontWeight: 600 }}>
              {company.name}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              {company.domain}
            </Typography>
          </Box>
        </Box>
      ),
    },
    { key: "currency", header: t("companies.columns.currency"), cell: (company) => company.currency },
    count("people", (company) => company.people_count),
    count("active", (company) => company.active_people_30d),
    count("saves", (company) => company.saves_30d),
    { key: "status", header: t("companies.columns.status"), cell: (company) => <StatusChip status={company.status} /> },
    { key: "created", header: t("companies.columns.created"), cellSx: { whiteSpace: "nowrap" }, cell: (company) => formatDate(company.created_at) },
    {
      key: "actions",
      header: t("companies.columns.actions"),
      align: "right",
      sx: stickyActions,
      cell: (company) => {
        const suspend = company.status === "active";
        return (
          <>
            <RowAction
              label={t("companies.detailsLabel", { name: company.name })}
              icon={<HistoryOutlined />}
              onClick={() => setDialog({ kind: "details", company })}
            />
            <RowAction label={t("companies.editLabel", { name: company.name })} icon={<EditOutlined />} onClick={() => setDialog({ kind: "edit", company })} />
            <RowAction
              label={t(suspend ? "companies.suspendLabel" : "companies.liftLabel", { name: company.name })}
              icon={suspend ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
              onClick={() => setDialog({ kind: "suspend", company })}
            />
          </>
        );
      },
    },
  ];

  return (
    <>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, mb: 2 }}>
        <SearchField label={t("companies.search")} value={search} onChange={filter(setSearch)} sx={{ flex: "2 1 240px" }} />
        <FilterSelect
          label={t("companies.statusFilter")}
          value={status}
          values={["all", "active", "suspended"] as const}
          optionLabel={(value) => t(`companies.statusFilters.${value}`)}
          onChange={filter(setStatus)}
          sx={{ flex: "1 1 160px" }}
        />
      </Box>

      <DataTable
        label={t("companies.tableLabel")}
        query={companies}
        loadingLabel={t("companies.loading")}
        minWidth={900}
        columns={columns}
        rows={list}
        rowKey={(company) => company.id}
        pager={pager(companies.data?.count ?? 0)}
        empty={
          <FilteredEmptyState
            filtered={filtered}
            icon={<ApartmentOutlined />}
            noMatch={t("companies.noMatch")}
            title={t("companies.emptyTitle")}
            description={t("companies.emptyDescription")}
          />
        }
      />

      {dialog?.kind === "edit" && <CompanyDialog company={dialog.company} onClose={close} />}
      {dialog?.kind === "suspend" && <SuspendDialog company={dialog.company} onClose={close} />}
      {dialog?.kind === "details" && <CompanyDetailsDialog company={dialog.company} onClose={close} />}
    </>
  );
}
