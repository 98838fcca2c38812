import { useId } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import EventBusyOutlined from "@mui/icons-material/EventBusyOutlined";
import PlayArrowOutlined from "@mui/icons-material/PlayArrowOutlined";
import DoNotDisturbOnOutlined from "@mui/icons-material/DoNotDisturbOnOutlined";
import { useTranslation } from "react-i18next";
import { TextLink } from "../../components/TextLink";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { collectionPath, useNetworkFormat } from "./format";
import { useRespondToTask } from "./planHooks";
import { ProgressLine, StatusChip } from "./visuals";
import type { MyTask, Plan } from "./types";

/** One upskilling plan assigned to me: status, deadline, progress, its collections, accept or decline. */
export function TaskCard({ task }: { task: MyTask }) {
  const { t } = useTranslation("network");
  const format = useNetworkFormat();
  const errorMessage = useErrorMessage();
  const respond = useRespondToTask();
  const headingId = useId();
  const { plan, status } = task;
  const answer = (value: "accept" | "reject") =>
    respond.mutate(
      { planId: plan.id, answer: value },
      {
        onSuccess: () => toast(value === "accept" ? t("myTasks.accepted", { title: plan.title }) : t("myTasks.declined", { title: plan.title }), "success"),
        onError: (error) => toast(errorMessage(error), "error"),
      },
    );
  const pending = respond.isPending ? respond.variables?.answer : undefined;

  return (
    <Paper variant="outlined" component="article" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 0.5 }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: "1.15rem", flex: "1 1 240px", minWidth: 0, overflowWrap: "anywhere" }}>
          {plan.title}
        </Typography>
        <StatusChip kind="assignee" status={status} />
        {task.overdue && <Chip size="small" color="error" icon={<EventBusyOutlined />} label={t("myTasks.overdue")} />}
      </Box>
      <Typography variant="body2" color={task.overdue ? "error" : "text.secondary"} sx={{ mb: 1.5 }}>
        {t("myTasks.due", { date: format.date(plan.deadline) })} · {t("myTasks.assignedBy", { name: plan.created_by.display_name })}
      </Typography>
      <ProgressLine done={task.progress.done} total={task.progress.total} label={t("myTasks.progress")} />
      <PlanSkills skills={plan.skills} />
      {(status === "pending" || status === "active" || status === "rejected") && (
        <Stack direction="row" sx={{ mt: 2, flexWrap: "wrap", gap: 1 }}>
          {(status === "pending" || status === "rejected") && (
            <Button
              variant="contained"
              startIcon={<PlayArrowOutlined />}
              loading={pending === "accept"}
              disabled={respond.isPending}
              onClick={() => answer("accept")}
              aria-label={t("myTasks.acceptLabel", { title: plan.title })}
            >
              {t("myTasks.accept")}
            </Button>
          )}
          {(status === "pending" || status === "active") && (
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<DoNotDisturbOnOutlined />}
              loading={pending === "reject"}
              disabled={respond.isPending}
              onClick={() => answer("reject")}
              aria-label={t("myTasks.declineLabel", { title: plan.title })}
            >
              {t("myTasks.decline")}
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}

/** A plan's skills (spec §3: keyed by lowercase name), each with links to its collections. */
export function PlanSkills({ skills }: { skills: Plan["skills"] }) {
  const { t } = useTranslation("network");
  const entries = Object.entries(skills);
  if (entries.length === 0) return null;
  return (
    <Box component="dl" sx={{ m: 0, mt: 2, display: "grid", gap: 1, gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" }, alignItems: "baseline" }}>
      {entries.map(([skill, { collections }]) => (
        <Box key={skill} sx={{ display: "contents" }}>
          <Box component="dt" sx={{ m: 0 }}>
            <Chip size="small" label={skill} aria-label={t("plans.skill", { skill })} />
          </Box>
          <Box component="dd" sx={{ m: 0, display: "flex", flexWrap: "wrap", gap: 1.5 }}>
            {collections.map((collection) => (
              <TextLink key={collection.id} to={collectionPath(collection)}>
                {collection.title}
              </TextLink>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
