import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import PersonRemoveOutlined from "@mui/icons-material/PersonRemoveOutlined";
import GroupsOutlined from "@mui/icons-material/GroupsOutlined";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState";
import type { Employee } from "./api";
import type { MemberPlan } from "./progress";
import { Percent, useFormatDate, useRoleLabel } from "./ui";
import { DataTable, type Columns } from "../../components/DataTable";
import { useErrorMessage } from "../../i18n/useErrorMessage";

interface TeamMembersProps {
  members: readonly Employee[];
  /** Each member's plans, when the viewer may see progress. */
  progress: { byMember: Map<number, MemberPlan[]>; isPending: boolean; error: unknown } | null;
  /** Offer "request removal" (the team's leader), never for themselves. */
  onRequestRemoval?: (member: Employee) => void;
  myAccountId: number;
}

function MemberPlans({ name, plans }: { name: string; plans: readonly MemberPlan[] }) {
  const { t } = useTranslation("people");
  const formatDate = useFormatDate();
  if (plans.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t("teamPage.noPlans")}
      </Typography>
    );
  }
  return (
    <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: "none", minWidth: 140 }}>
      {plans.map(({ plan, status, overdue, progress }) => (
        <li key={plan.id}>
          <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 0.75 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {plan.title}
            </Typography>
            <Chip size="small" variant="outlined" label={t(`assigneeStatus.${status}`)} />
            {overdue && <Chip size="small" color="error" label={t("teamPage.overdue")} />}
          </Box>
          <Typography variant="caption" color="text.secondary">
            {t("teamPage.deadline", { date: formatDate(plan.deadline) })}
          </Typography>
          <Percent value={progress.percent} label={t("teamPage.planProgress", { name, plan: plan.title })} />
        </li>
      ))}
    </Stack>
  );
}

/** The team's active members, with their plans' progress for those who may see it. */
export function TeamMembers({ members, progress, onRequestRemoval, myAccountId }: TeamMembersProps) {
  const { t } = useTranslation("people");
  const roleLabel = useRoleLabel();
  const message = useErrorMessage();
  const narrow = useMediaQuery("(max-width:600px)");
  const removalButton = (member: Employee) =>
    onRequestRemoval && member.id !== myAccountId ? (
      <Button
        size="small"
        color="error"
        startIcon={<PersonRemoveOutlined />}
        onClick={() => onRequestRemoval(member)}
        aria-label={t("teamPage.requestRemovalLabel", { name: member.display_name })}
        sx={narrow ? { mt: 0.5, ml: -0.5, px: 0.5 } : { whiteSpace: "nowrap" }}
      >
        {t("teamPage.requestRemoval")}
      </Button>
    ) : null;
  const columns: Columns<Employee> = [
    {
      key: "member",
      header: t("teamPage.member"),
      rowHeader: true,
      cellSx: { minWidth: 140 },
      cell: (member) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {member.display_name}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: "anywhere" }}>
            {member.email}
          </Typography>
          <Typography variant="caption" component="div">
            {roleLabel(member.role)}
          </Typography>
          {/* On a phone the action sits under the person, so the table fits the screen. */}
          {narrow && removalButton(member)}
        </>
      ),
    },
    progress && {
      key: "plans",
      header: t("teamPage.plans"),
      cell: (member) =>
        progress.isPending ? (
          <Typography variant="body2" color="text.secondary">
            {t("teamPage.progressLoading")}
          </Typography>
        ) : (
          <MemberPlans name={member.display_name} plans={progress.byMember.get(member.id) ?? []} />
        ),
    },
    onRequestRemoval && !narrow && { key: "actions", header: t("table.actions"), align: "right", cell: removalButton },
  ];
  if (members.length === 0) {
    return <EmptyState icon={<GroupsOutlined />} title={t("teamPage.emptyTitle")} description={t("teamPage.emptyDescription")} />;
  }
  return (
    <>
      {progress?.error != null && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t("teamPage.progressFailed", { message: message(progress.error) })}
        </Alert>
      )}
      <DataTable
        label={t("teamPage.membersLabel")}
        busy={progress?.isPending}
        rowSx={{ verticalAlign: "top" }}
        columns={columns}
        rows={members}
        rowKey={(member) => member.id}
        empty={null}
      />
    </>
  );
}
