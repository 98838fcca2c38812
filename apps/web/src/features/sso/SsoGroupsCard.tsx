import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import ArrowDownward from "@mui/icons-material/ArrowDownward";
import ArrowUpward from "@mui/icons-material/ArrowUpward";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { useTranslation } from "react-i18next";
import { SSO_GROUP_RULES_MAX, type CompanyRole, type SsoGroupMappings } from "@learnward/contracts";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { Loading } from "../../components/Loading";
import { SettingBody } from "../../components/SettingBody";
import { fetchAllTeams } from "../people/api";
import type { SsoOwner } from "./api";
import { useSsoGroupMappings, useUpdateSsoGroupMappings } from "./hooks";

export const SSO_GROUPS_HEADING_ID = "sso-groups-heading";
const ROLES: CompanyRole[] = ["member", "teamleader", "ldleader", "hr"];
const GROUP_MAX = 256;
const CLAIM = /^[\w.:/-]{1,100}$/;

/** A rule as edited: `key` keeps a row's fields in place while rows move; an empty team is none. */
interface Row {
  key: number;
  group: string;
  role: CompanyRole;
  team: string;
}
let nextKey = 0;
const rowsOf = (m: SsoGroupMappings): Row[] =>
  m.rules.map((r) => ({ key: ++nextKey, group: r.group, role: r.role, team: r.team_id === null ? "" : String(r.team_id) }));
const groupError = (group: string) => (group.trim() === "" ? "required" : group.trim().length > GROUP_MAX ? "too_long" : null);

function SsoGroupsEditor({ mappings, owner, teams }: { mappings: SsoGroupMappings; owner: SsoOwner; teams: { id: number; name: string }[] }) {
  const { t } = useTranslation(["settings", "common"]);
  const message = useErrorMessage();
  const update = useUpdateSsoGroupMappings(owner);
  const [claim, setClaim] = useState(mappings.groups_claim);
  const [rows, setRows] = useState(() => rowsOf(mappings));
  const [checked, setChecked] = useState(false);

  const change = (key: number, patch: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const move = (index: number, by: -1 | 1) =>
    setRows((all) => {
      const next = [...all];
      [next[index], next[index + by]] = [next[index + by]!, next[index]!];
      return next;
    });
  const claimError = CLAIM.test(claim.trim()) ? null : "sso_groups_claim_invalid";

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (claimError || rows.some((r) => groupError(r.group))) return;
    update.mutate(
      { groups_claim: claim.trim(), rules: rows.map((r) => ({ group: r.group.trim(), role: r.role, team_id: r.team === "" ? null : Number(r.team) })) },
      {
        onSuccess: (saved) => {
          setRows(rowsOf(saved));
          setClaim(saved.groups_claim);
          setChecked(false);
          toast(t("ssoGroups.saved"), "success");
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={save}>
      <Stack spacing={2.5}>
        {update.isError && (
          <Alert severity="error" role="alert">
            {message(update.error)}
          </Alert>
        )}
        <TextField
          label={t("ssoGroups.claim")}
          value={claim}
          onChange={(e) => setClaim(e.target.value)}
          error={checked && Boolean(claimError)}
          helperText={checked && claimError ? t("ssoGroups.claimInvalid") : t("ssoGroups.claimHint")}
          autoComplete="off"
          fullWidth
        />
        {rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t("ssoGroups.empty")}
          </Typography>
        ) : (
          <Box component="ol" sx={{ m: 0, p: 0, listStyle: "none", display: "grid", gap: 2 }} aria-label={t("ssoGroups.rules")}>
            {rows.map((row, index) => {
              const n = index + 1;
              const error = checked ? groupError(row.group) : null;
              return (
                <Box component="li" key={row.key} aria-label={t("ssoGroups.rule", { n })}>
                  <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "flex-start" } }}>
                    <TextField
                      label={t("ssoGroups.group", { n })}
                      value={row.group}
                      onChange={(e) => change(row.key, { group: e.target.value })}
                      error={Boolean(error)}
                      helperText={error ? message(error) : undefined}
                      autoComplete="off"
                      required
                      sx={{ flex: 2 }}
                    />
                    <TextField
                      select
                      label={t("ssoGroups.role", { n })}
                      value={row.role}
                      onChange={(e) => change(row.key, { role: e.target.value as CompanyRole })}
                      sx={{ flex: 1, minWidth: 140 }}
                    >
                      {ROLES.map((role) => (
                        <MenuItem key={role} value={role}>
                          {t(`common:roles.${role}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField
                      select
                      label={t("ssoGroups.team", { n })}
                      value={row.team}
                      onChange={(e) => change(row.key, { team: e.target.value })}
                      sx={{ flex: 1, minWidth: 140 }}
                    >
                      <MenuItem value="">{t("ssoGroups.noTeam")}</MenuItem>
                      {teams.map((team) => (
                        <MenuItem key={team.id} value={String(team.id)}>
                          {team.name}
                        </MenuItem>
                      ))}
                    </TextField>
                    <Box sx={{ display: "flex", flexShrink: 0 }}>
                      <IconButton aria-label={t("ssoGroups.moveUp", { n })} disabled={index === 0} onClick={() => move(index, -1)}>
                        <ArrowUpward />
                      </IconButton>
                      <IconButton aria-label={t("ssoGroups.moveDown", { n })} disabled={index === rows.length - 1} onClick={() => move(index, 1)}>
                        <ArrowDownward />
                      </IconButton>
                      <IconButton aria-label={t("ssoGroups.remove", { n })} onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
                        <DeleteOutlined />
                      </IconButton>
                    </Box>
                  </Stack>
                </Box>
              );
            })}
          </Box>
        )}
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5 }}>
          <Button
            variant="outlined"
            disabled={rows.length >= SSO_GROUP_RULES_MAX}
            onClick={() => setRows((all) => [...all, { key: ++nextKey, group: "", role: "member", team: "" }])}
          >
            {t("ssoGroups.add")}
          </Button>
          <Button type="submit" variant="contained" loading={update.isPending}>
            {t("ssoGroups.save")}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** The rules and their editor, loading and failing in place. `teams` are the company's (hr's own, or the company an admin opened). */
export function SsoGroupsBody({ owner, teams }: { owner: SsoOwner; teams: { id: number; name: string }[] | undefined }) {
  const { t } = useTranslation("settings");
  const mappings = useSsoGroupMappings(owner);
  // The editor offers the company's teams: it waits for them as for the rules.
  return teams === undefined ? (
    <Loading label={t("ssoGroups.loading")} />
  ) : (
    <SettingBody query={mappings} loadingLabel={t("ssoGroups.loading")}>
      {(saved) => <SsoGroupsEditor mappings={saved} owner={owner} teams={teams} />}
    </SettingBody>
  );
}

/** Settings → Groups from your identity provider: hr maps IdP groups to the role and team of people single sign-on creates. */
export function SsoGroupsCard() {
  const { t } = useTranslation("settings");
  const teams = useQuery({ queryKey: ["teams", "sso-groups"] as const, queryFn: ({ signal }) => fetchAllTeams(signal) });
  return (
    <Paper variant="outlined" component="section" aria-labelledby={SSO_GROUPS_HEADING_ID} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={SSO_GROUPS_HEADING_ID} variant="h2" sx={{ mb: 1 }}>
        {t("ssoGroups.heading")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t("ssoGroups.description")}
      </Typography>
      <SsoGroupsBody owner={{}} teams={teams.isError ? [] : teams.data} />
    </Paper>
  );
}
