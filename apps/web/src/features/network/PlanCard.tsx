import { useId, useState } from "react";
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import EventBusyOutlined from "@mui/icons-material/EventBusyOutlined";
import ExpandMoreOutlined from "@mui/icons-material/ExpandMoreOutlined";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { useNetworkFormat } from "./format";
import { ASSIGNEES_PAGE_SIZE, usePlanAssignees } from "./planHooks";
import { PlanSkills } from "./TaskCard";
import { StatusChip } from "./visuals";
import type { Plan } from "./types";
import { DataTable, type Column } from "../../components/DataTable";

type Assignee = NonNullable<ReturnType<typeof usePlanAssignees>["data"]>["results"][number];

/** A plan I manage: deadline and counts; opened, its skills and every assignee's status and progress. */
export function PlanCard({ plan }: { plan: Plan }) {
  const { t } = useTranslation("network");
  const format = useNetworkFormat();
  const [open, setOpen] = useState(false);
  const baseId = useId();
  const summary = [
    t("plans.due", { date: format.date(plan.deadline) }),
    t("plans.assignees", { count: plan.assignees_count }),
    t("plans.completed", { count: plan.completed_count }),
  ].join(" · ");
  return (
    <Accordion
      expanded={open}
      onChange={(_event, expanded) => setOpen(expanded)}
      variant="outlined"
      disableGutters
      sx={{ mb: 1.5, borderRadius: 1, "&::before": { display: "none" } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreOutlined />} aria-controls={`${baseId}-details`} id={`${baseId}-summary`}>
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, width: "100%", pr: 1 }}>
          <Typography component="span" sx={{ fontWeight: 600, flex: "1 1 200px", overflowWrap: "anywhere" }}>
            {plan.title}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            {summary}
          </Typography>
          {plan.overdue_count > 0 && <Chip size="small" color="error" icon={<EventBusyOutlined />} label={t("plans.overdue", { count: plan.overdue_count })} />}
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${baseId}-details`}>
        <Typography variant="body2" color="text.secondary">
          {t("plans.createdBy", { name: plan.created_by.display_name })}
          {plan.teams.length > 0 && ` · ${t("plans.teams", { teams: plan.teams.map((team) => team.name).join(", ") })}`}
        </Typography>
        <PlanSkills skills={plan.skills} />
        {open && <Assignees plan={plan} />}
      </AccordionDetails>
    </Accordion>
  );
}

function Assignees({ plan }: { plan: Plan }) {
  const { t } = useTranslation("network");
  const errorMessage = useErrorMessage();
  const [page, setPage] = useState(1);
  const assignees = usePlanAssignees(plan.id, page, true);
  const columns: Column<Assignee>[] = [
    {
      key: "person",
      header: t("plans.person"),
      rowHeader: true,
      cell: (a) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {a.account.display_name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {a.account.email}
          </Typography>
        </>
      ),
    },
    { key: "team", header: t("plans.team"), cell: (a) => a.account.team?.name ?? "—" },
    {
      key: "status",
      header: t("plans.status"),
      cell: (a) => (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
          <StatusChip kind="assignee" status={a.status} />
          {a.overdue && <Chip size="small" color="error" icon={<EventBusyOutlined />} label={t("myTasks.overdue")} />}
        </Box>
      ),
    },
    {
      key: "progress",
      header: t("plans.progress"),
      cell: (a) => t("plans.percent", { percent: a.progress.percent, done: a.progress.done, total: a.progress.total }),
    },
  ];
  if (assignees.isPending) {
    return (
      <Box role="status" sx={{ display: "grid", placeItems: "center", py: 2 }}>
        <CircularProgress size={28} aria-label={t("plans.loadingAssignees")} />
      </Box>
    );
  }
  if (assignees.isError)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {errorMessage(assignees.error)}
      </Alert>
    );
  if (assignees.data.count === 0) return <Typography sx={{ mt: 2 }}>{t("plans.noAssignees")}</Typography>;
  return (
    <>
      <Box sx={{ mt: 2 }}>
        <DataTable
          label={t("plans.assigneesOf", { title: plan.title })}
          outlined={false}
          columns={columns}
          rows={assignees.data.results}
          rowKey={(a) => a.account.id}
          empty={null}
          // The previous and next pages of the people on this plan (a plan given to a whole company has thousands).
          pager={{ count: assignees.data.count, page, pageSize: ASSIGNEES_PAGE_SIZE, onPage: setPage }}
        />
      </Box>
    </>
  );
}
