import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import AddOutlined from "@mui/icons-material/AddOutlined";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import GroupsOutlined from "@mui/icons-material/GroupsOutlined";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState";
import { TextLink } from "../../components/TextLink";
import type { Team } from "./api";
import { useTeams } from "./hooks";
import { DeleteTeamDialog, TeamDialog } from "./TeamDialogs";
import { LoadFailed, Loading, useDebounced } from "./ui";
import { TablePager } from "../../components/TablePager";
import { ScrollArea } from "../../components/ScrollArea";

const PAGE_SIZE = 20;

/** Tab 1: the company's teams with their leader and member count; hr creates, edits and deletes them. */
export function TeamsTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation("people");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim());
  const teams = useTeams({ search: debounced, page, page_size: PAGE_SIZE });
  const [editing, setEditing] = useState<Team | "new" | null>(null);
  const [deleting, setDeleting] = useState<Team | null>(null);

  const list = teams.data?.results ?? [];
  return (
    <>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center", justifyContent: "space-between", mb: 2 }}>
        <TextField
          type="search"
          size="small"
          label={t("teams.search")}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          sx={{ flex: "1 1 240px", maxWidth: 360 }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchOutlined fontSize="small" /></InputAdornment> } }}
        />
        {canManage && (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing("new")}>
            {t("teams.new")}
          </Button>
        )}
      </Box>

      {teams.isPending ? (
        <Loading label={t("teams.loading")} />
      ) : teams.isError ? (
        <LoadFailed error={teams.error} onRetry={() => void teams.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<GroupsOutlined />}
          title={debounced ? t("teams.noMatch") : t("teams.emptyTitle")}
          description={debounced ? undefined : t("teams.emptyDescription")}
        />
      ) : (
        <Paper variant="outlined">
          <ScrollArea label={t("teams.tableLabel")}>
            <Table size="small" aria-label={t("teams.tableLabel")} sx={{ minWidth: 480 }}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">{t("teams.name")}</TableCell>
                  <TableCell scope="col">{t("teams.leader")}</TableCell>
                  <TableCell scope="col" align="right">
                    {t("teams.members")}
                  </TableCell>
                  {canManage && (
                    <TableCell scope="col" align="right">
                      {t("table.actions")}
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((team) => (
                  <TableRow key={team.id}>
                    <TableCell component="th" scope="row">
                      <TextLink to={`/peopleManagement/team/${team.id}`}>{team.name}</TextLink>
                    </TableCell>
                    <TableCell>
                      {team.leader ? (
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
                      )}
                    </TableCell>
                    <TableCell align="right">{team.members_count}</TableCell>
                    {canManage && (
                      <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                        <Tooltip title={t("teams.editLabel", { name: team.name })}>
                          <IconButton aria-label={t("teams.editLabel", { name: team.name })} onClick={() => setEditing(team)}>
                            <EditOutlined />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t("teams.deleteLabel", { name: team.name })}>
                          <IconButton aria-label={t("teams.deleteLabel", { name: team.name })} onClick={() => setDeleting(team)}>
                            <DeleteOutlined />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollArea>
          <TablePager count={teams.data?.count ?? 0} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
        </Paper>
      )}

      {editing && <TeamDialog open team={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteTeamDialog team={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
