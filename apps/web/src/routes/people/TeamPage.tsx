import { useState } from "react";
import { useParams } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import PersonAddAlt1Outlined from "@mui/icons-material/PersonAddAlt1Outlined";
import { useTranslation } from "react-i18next";
import { useMe } from "../../app/session";
import { homePathFor } from "../../features/identity/hooks";
import { NotAllowed } from "../../components/NotAllowed";
import { PageHeader } from "../../components/PageHeader";
import { peopleAbilities } from "../../features/people/abilities";
import type { Employee } from "../../features/people/api";
import { useTeam, useTeamMembers, useTeamProgress } from "../../features/people/hooks";
import { mayOpenTeam } from "../../features/people/queries";
import { TeamMembers } from "../../features/people/TeamMembers";
import { RequestsSection } from "../../features/people/RequestsSection";
import { RequestInviteDialog, RequestRemovalDialog } from "../../features/people/TeamRequestDialogs";
import { LoadFailed, Loading, Section } from "../../features/people/ui";
import { AssignPlanButton } from "../../features/people/AssignPlanButton";
import { TablePager, usePaging } from "../../components/TablePager";

const positiveId = (value: string | undefined) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null);

/** /peopleManagement/team/{id}: a team leader's own team (spec §6); hr and the L&D leader may open any team. */
export default function TeamPage() {
  const { t } = useTranslation("people");
  const me = useMe();
  const { team: myTeam } = me.account;
  const can = peopleAbilities(me.abilities);
  const teamId = positiveId(useParams().id);
  const ownTeam = myTeam !== null && myTeam.id === teamId;
  const allowed = mayOpenTeam(me, teamId);

  const team = useTeam(allowed ? teamId : null);
  const { page, pageSize, pager } = usePaging();
  const members = useTeamMembers(allowed ? teamId : null, page, pageSize);
  // The same page of people with every plan each holds, for those who may see progress.
  const progress = useTeamProgress(allowed ? teamId : null, page, pageSize, allowed && can.progress);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Employee | null>(null);

  if (!allowed || teamId === null) return <NotAllowed homePath={homePathFor(me.abilities)} />;

  // The session knows the viewer's own team's name before the team call answers.
  const name = team.data?.name ?? (ownTeam ? myTeam.name : null);
  const canRequest = can.request && ownTeam;
  // Plans: the L&D leader for any team, a team leader for their own (network.policy assignTeam).
  const canAssign = me.abilities.assign_plans && (can.directory || ownTeam);

  return (
    <>
      <PageHeader
        title={name ? t("team.titleNamed", { name }) : t("team.title")}
        description={t("team.description")}
        actions={
          (canRequest || canAssign) && (
            <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
              {canAssign && <AssignPlanButton />}
              {canRequest && (
                <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={() => setInviting(true)}>
                  {t("teamPage.requestInvite")}
                </Button>
              )}
            </Box>
          )
        }
      />

      <Section id="team-members-heading" title={t("teamPage.members")}>
        {members.isPending ? (
          <Loading label={t("teamPage.loading")} />
        ) : members.isError ? (
          <LoadFailed error={members.error} onRetry={() => void members.refetch()} />
        ) : (
          <>
            <TeamMembers
              members={members.data.results}
              myAccountId={me.account.id}
              progress={
                can.progress
                  ? {
                      byMember: new Map((progress.data?.results ?? []).map((row) => [row.account.id, row.plans])),
                      // Until this page's answer is in, the previous page's plans belong to other people.
                      isPending: progress.isPending || progress.isPlaceholderData,
                      error: progress.error,
                    }
                  : null
              }
              onRequestRemoval={canRequest ? setRemoving : undefined}
            />
            {members.data.count > 0 && <TablePager {...pager(members.data.count)} />}
          </>
        )}
      </Section>

      {canRequest && (
        <>
          <RequestsSection kind="invite" canDecide={false} />
          <RequestsSection kind="removal" canDecide={false} />
        </>
      )}

      {inviting && name && <RequestInviteDialog team={{ id: teamId, name }} onClose={() => setInviting(false)} />}
      {removing && <RequestRemovalDialog member={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}
