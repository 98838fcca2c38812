import { useState } from "react";
import Avatar from "@mui/material/Avatar";
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
import ApartmentOutlined from "@mui/icons-material/ApartmentOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import PauseCircleOutlined from "@mui/icons-material/PauseCircleOutlined";
import PlayCircleOutlined from "@mui/icons-material/PlayCircleOutlined";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState";
import type { AdminCompany, CompanyStatusFilter } from "./api";
import { CompanyDialog } from "./CompanyDialog";
import { CompanyDetailsDialog, SuspendDialog } from "./CompanyDialogs";
import { useCompanies } from "./hooks";
import { LoadFailed, Loading, StatusChip, useDebounced, stickyActions, useFormatDate } from "./ui";
import { TablePager, usePaging } from "../../components/TablePager";
import { ScrollArea } from "../../components/ScrollArea";

type Dialog = { kind: "edit" | "suspend" | "details"; company: AdminCompany } | null;

/** Every company on the platform: searchable, filtered by status, paged by the server. */
export function CompaniesTable() {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<CompanyStatusFilter>("all");
  const { page, pageSize, setPage, pager } = usePaging();
  const [dialog, setDialog] = useState<Dialog>(null);
  const debounced = useDebounced(search.trim());
  const companies = useCompanies({ search: debounced, status, page, page_size: pageSize });
  const list = companies.data?.results ?? [];
  const filtered = Boolean(debounced) || status !== "all";
  const close = () => setDialog(null);
  const label = t("companies.tableLabel");

  return (
    <>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, mb: 2 }}>
        <TextField
          type="search"
          size="small"
          label={t("companies.search")}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          sx={{ flex: "2 1 240px" }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchOutlined fontSize="small" /></InputAdornment> } }}
        />
        <TextField
          select
          size="small"
          label={t("companies.statusFilter")}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as CompanyStatusFilter);
            setPage(1);
          }}
          sx={{ flex: "1 1 160px" }}
        >
          {(["all", "active", "suspended"] as const).map((value) => (
            <MenuItem key={value} value={value}>
              {t(`companies.statusFilters.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      {companies.isPending ? (
        <Loading label={t("companies.loading")} />
      ) : companies.isError ? (
        <LoadFailed error={companies.error} onRetry={() => void companies.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<ApartmentOutlined />}
          title={filtered ? t("companies.noMatch") : t("companies.emptyTitle")}
          description={filtered ? undefined : t("companies.emptyDescription")}
        />
      ) : (
        <Paper variant="outlined">
          <ScrollArea label={label}>
            <Table size="small" aria-label={label} aria-busy={companies.isFetching} sx={{ minWidth: 900 }}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">{t("companies.columns.company")}</TableCell>
                  <TableCell scope="col">{t("companies.columns.currency")}</TableCell>
                  <TableCell scope="col" align="right">
                    {t("companies.columns.people")}
                  </TableCell>
                  <TableCell scope="col" align="right">
                    {t("companies.columns.active")}
                  </TableCell>
                  <TableCell scope="col" align="right">
                    {t("companies.columns.saves")}
                  </TableCell>
                  <TableCell scope="col">{t("companies.columns.status")}</TableCell>
                  <TableCell scope="col">{t("companies.columns.created")}</TableCell>
                  <TableCell scope="col" align="right" sx={stickyActions}>
                    {t("companies.columns.actions")}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((company) => {
                  const suspend = company.status === "active";
                  const actions = [
                    { key: "details", label: t("companies.detailsLabel", { name: company.name }), icon: <HistoryOutlined /> },
                    { key: "edit", label: t("companies.editLabel", { name: company.name }), icon: <EditOutlined /> },
                    {
                      key: "suspend",
                      label: t(suspend ? "companies.suspendLabel" : "companies.liftLabel", { name: company.name }),
                      icon: suspend ? <PauseCircleOutlined /> : <PlayCircleOutlined />,
                    },
                  ] as const;
                  return (
                    <TableRow key={company.id}>
                      <TableCell component="th" scope="row">
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
                      </TableCell>
                      <TableCell>{company.currency}</TableCell>
                      <TableCell align="right">{company.people_count}</TableCell>
                      <TableCell align="right">{company.active_people_30d}</TableCell>
                      <TableCell align="right">{company.saves_30d}</TableCell>
                      <TableCell>
                        <StatusChip status={company.status} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDate(company.created_at)}</TableCell>
                      <TableCell align="right" sx={stickyActions}>
                        {actions.map((action) => (
                          <Tooltip key={action.key} title={action.label}>
                            <IconButton aria-label={action.label} onClick={() => setDialog({ kind: action.key, company })}>
                              {action.icon}
                            </IconButton>
                          </Tooltip>
                        ))}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </ScrollArea>
          <TablePager {...pager(companies.data.count)} />
        </Paper>
      )}

      {dialog?.kind === "edit" && <CompanyDialog company={dialog.company} onClose={close} />}
      {dialog?.kind === "suspend" && <SuspendDialog company={dialog.company} onClose={close} />}
      {dialog?.kind === "details" && <CompanyDetailsDialog company={dialog.company} onClose={close} />}
    </>
  );
}
