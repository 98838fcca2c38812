import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import AddOutlined from "@mui/icons-material/AddOutlined";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import GroupsOutlined from "@mui/icons-material/GroupsOutlined";
import { useTranslation } from "react-i18next";
import { FilteredEmptyState } from "../../components/EmptyState";
import { SearchField } from "../../components/SearchField";
import { TextLink } from "../../components/TextLink";
import type { Team, TeamsParams } from "./api";
import { useTeams } from "./hooks";
import { DeleteTeamDialog, TeamDialog } from "./TeamDialogs";
import { useDebounced } from "./ui";
import { DataTable, RowAction, type Columns } from "../../components/DataTable";
import { filterResetsPage } from "../../components/TablePager";

/** The page of teams the tab opens with (the people management page's first data). */
export const FIRST_TEAMS = { search: "", page: 1, page_size: 20 } as const satisfies TeamsParams;

/** Tab 1: the company's teams with their leader and member count; hr creates, edits and deletes them. */
export function TeamsTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation("people");
  const [search, setSearch] = useState<string>(FIRST_TEAMS.search);
  const [page, setPage] = useState<number>(FIRST_TEAMS.page);
  const debounced = useDebounced(search.trim());
  const teams = useTeams({ search: debounced, page, page_size: FIRST_TEAMS.page_size });
  const [editing, setEditing] = useState<Team | "new" | null>(null);
  const [deleting, setDeleting] = useState<Team | null>(null);

  const list = teams.data?.results ?? [];
  const columns: Columns<Team> = [
    {
      key: "name",
      header: t("teams.name"),
      rowHeader: true,
      cell: (team) => <TextLink to={`/peopleManagement/team/${team.id}`}>{team.name}</TextLink>,
    },
    {
      key: "leader",
      header: t("teams.leader"),
      cell: (team) =>
        team.leader ? (
          <>
            <Typography variant="body2">{team.leader.display_name}</Typography>
            <Typography variant="caption" color="text.secondary">
              {team.leader.email}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t("teams.noLeader")}
          </Typography>
        ),
    },
    { key: "members", header: t("teams.members"), align: "right", cell: (team) => team.members_count },
    canManage && {
      key: "actions",
      header: t("table.actions"),
      align: "right",
      cellSx: { whiteSpace: "nowrap" },
      cell: (team) => (
        <>
          <RowAction label={t("teams.editLabel", { name: team.name })} icon={<EditOutlined />} onClick={() => setEditing(team)} />
          <RowAction label={t("teams.deleteLabel", { name: team.name })} icon={<DeleteOutlined />} onClick={() => setDeleting(team)} />
        </>
      ),
    },
  ];
  return (
    <>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center", justifyContent: "space-between", mb: 2 }}>
        <SearchField label={t("teams.search")} value={search} onChange={filterResetsPage(setPage)(setSearch)} sx={{ flex: "1 1 240px", maxWidth: 360 }} />
        {canManage && (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing("new")}>
            {t("teams.new")}
          </Button>
        )}
      </Box>

      <DataTable
        label={t("teams.tableLabel")}
        query={teams}
        loadingLabel={t("teams.loading")}
        minWidth={480}
        columns={columns}
        rows={list}
        rowKey={(team) => team.id}
        pager={{ count: teams.data?.count ?? 0, page, pageSize: FIRST_TEAMS.page_size, onPage: setPage }}
        empty={
          <FilteredEmptyState
            filtered={Boolean(debounced)}
            icon={<GroupsOutlined />}
            noMatch={t("teams.noMatch")}
            title={t("teams.emptyTitle")}
            description={t("teams.emptyDescription")}
          />
        }
      />

      {editing && <TeamDialog open team={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteTeamDialog team={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
