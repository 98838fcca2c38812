import { usePageSearchParams } from "../../lib/pageSearchParams";
import Box from "@mui/material/Box";
import TrendingUpOutlined from "@mui/icons-material/TrendingUpOutlined";
import { useTranslation } from "react-i18next";
import { useMe } from "../../app/session";
import { homePathFor } from "../../features/identity/hooks";
import { NotAllowed } from "../../components/NotAllowed";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState } from "../../components/EmptyState";
import { peopleAbilities } from "../../features/people/abilities";
import { useTeam, useTeamProgress, useTeams } from "../../features/people/hooks";
import { SkillsMatrix } from "../../features/people/SkillsMatrix";
import { TeamSelect } from "../../features/people/fields";
import { LoadFailed, Loading } from "../../features/people/ui";
import { usePaging } from "../../components/TablePager";
import { useTeamSkillLevels } from "../../features/skills/hooks";

/** /peopleManagement/skillboost: a team's skills matrix (PRODUCT.md "People management"). */
export default function SkillboostPage() {
  const { t } = useTranslation("people");
  const me = useMe();
  const { team: myTeam } = me.account;
  const can = peopleAbilities(me.abilities);
  const [params, setParams] = usePageSearchParams();
  // hr rates people and reads their levels, not their plans: the matrix of levels alone.
  const levelsOnly = !can.progress && me.abilities.see_team_skill_levels;
  // The L&D leader and hr choose a team (kept in ?team=); a team leader sees their own.
  const chooses = can.directory && (can.progress || levelsOnly);
  const chosen = Number(params.get("team")) || null;
  // Until one is chosen, the first team by name (the first of the teams list).
  const teams = useTeams({ page: 1, page_size: 1 }, chooses && chosen === null);
  const teamId = chooses ? (chosen ?? teams.data?.results[0]?.id ?? null) : (myTeam?.id ?? null);
  const team = useTeam(chooses ? teamId : null);
  const teamName = chooses ? (team.data?.name ?? "") : (myTeam?.name ?? "");
  const { page, pageSize, setPage, pager } = usePaging();
  const progress = useTeamProgress(teamId, page, pageSize, can.progress);
  // The same page of people with their skill levels; the matrix shows progress alone until (or unless) they come.
  const levels = useTeamSkillLevels(teamId, page, pageSize, can.progress || levelsOnly);

  if (!me.abilities.see_people) return <NotAllowed homePath={homePathFor(me.abilities)} />;

  const header = <PageHeader title={t("skillboost.title")} description={t("skillboost.description")} />;
  let body;
  if (chooses && chosen === null && teams.isError) body = <LoadFailed error={teams.error} onRetry={() => void teams.refetch()} />;
  else if (teamId === null && (!chooses || teams.isSuccess)) {
    body = <EmptyState icon={<TrendingUpOutlined />} title={t("skillboost.noTeamTitle")} description={t("skillboost.noTeamDescription")} />;
  } else if (teamId === null) body = <Loading label={t("skillboost.loading")} />;
  else body = <SkillsMatrix progress={levelsOnly ? null : progress} levels={levels} teamName={teamName} pager={pager} />;

  return (
    <>
      {header}
      {chooses && (
        <Box sx={{ maxWidth: 320, mb: 3 }}>
          <TeamSelect
            label={t("skillboost.team")}
            value={teamId === null ? "" : String(teamId)}
            onChange={(value) => {
              const next = new URLSearchParams(params);
              next.set("team", value);
              setParams(next, { replace: true });
              setPage(1);
            }}
          />
        </Box>
      )}
      {body}
    </>
  );
}
