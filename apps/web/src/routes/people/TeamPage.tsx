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
import { usePlansWithAssignees, useTeam, useTeamMembers } from "../../features/people/hooks";
import { plansByMember } from "../../features/people/progress";
import { TeamMembers } from "../../features/people/TeamMembers";
import { RequestsSection } from "../../features/people/RequestsSection";
import { RequestInviteDialog, RequestRemovalDialog } from "../../features/people/TeamRequestDialogs";
import { LoadFailed, Loading, Section } from "../../features/people/ui";
import { AssignPlanButton } from "../../features/people/AssignPlanButton";

const positiveId = (value: string | undefined) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null);

/** /peopleManagement/team/{id}: a team leader's own team (spec §6); hr and the L&D leader may open any team. */
export default function TeamPage() {
  const { t } = useTranslation("people");
  const me = useMe();
  const { role, team: myTeam } = me.account;
  const can = peopleAbilities(role);
  const teamId = positiveId(useParams().id);
  const ownTeam = myTeam !== null && myTeam.id === teamId;
  // A team leader sees only their own team; everyone else in the company reads any (people.policy readTeam).
  const allowed = teamId !== null && (can.directory || (role === "teamleader" && ownTeam));

  const team = useTeam(allowed ? teamId : null);
  const members = useTeamMembers(allowed ? teamId : null);
  // A team leader's plans are those they made or that were given to their team; the L&D leader's,
  // those given to this team.
  const plans = usePlansWithAssignees(role === "ldleader" ? (teamId ?? undefined) : undefined, allowed && can.progress);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Employee | null>(null);

  if (!allowed || teamId === null) return <NotAllowed homePath={homePathFor(role)} />;

  // The session knows the viewer's own team's name before the team call answers.
  const name = team.data?.name ?? (ownTeam ? myTeam.name : null);
  const canRequest = can.request && ownTeam;
  // Plans: the L&D leader for any team, a team leader for their own (network.policy assignTeam).
  const canAssign = can.progress && (role === "ldleader" || ownTeam);

  return (
    <>
      <PageHeader
        title={name ? t("team.titleNamed", { name }) : t("team.title")}
        description={t("team.description")}
        actions={
          (canRequest || canAssign) && (
            <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
              {canAssign && name && <AssignPlanButton team={{ id: teamId, name }} />}
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
          <TeamMembers
            members={members.data}
            myAccountId={me.account.id}
            progress={
              can.progress
                ? { byMember: plansByMember(plans.plans, plans.assignees, teamId), isPending: plans.isPending, error: plans.error }
                : null
            }
            onRequestRemoval={canRequest ? setRemoving : undefined}
          />
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
