import { lazy, Suspense, useId, useState, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import AddOutlined from "@mui/icons-material/AddOutlined";
import AssignmentOutlined from "@mui/icons-material/AssignmentOutlined";
import TaskAltOutlined from "@mui/icons-material/TaskAltOutlined";
import { useTranslation } from "react-i18next";
import { TablePager } from "../../components/TablePager";
import { AssigneeStatus } from "@learnward/contracts";
import { useMe } from "../../app/session";
import { MyRequiredPaths } from "../../features/compliance/MyRequiredPaths";
import { EmptyState } from "../../components/EmptyState";
import { PageHeader } from "../../components/PageHeader";
import { PLANS_PAGE_SIZE, TASKS_PAGE_SIZE, useMyTasks, usePlans } from "../../features/network/planHooks";
import { PlanCard } from "../../features/network/PlanCard";
import { TaskCard } from "../../features/network/TaskCard";
import { useFilterParams } from "../../features/network/useFilterParams";
import type { TaskStatusFilter } from "../../features/network/types";
import { LoadFailed } from "../../components/LoadFailed";
import { Loading } from "../../components/Loading";

const AssignPlanDialog = lazy(() => import("../../features/network/AssignPlanDialog").then((m) => ({ default: m.AssignPlanDialog })));

const STATUS_FILTERS: readonly TaskStatusFilter[] = ["all", ...AssigneeStatus.options];

/** /collaborative-network/myTasks: my upskilling plans and, for planners, the plans they manage. */
export default function MyTasksPage() {
  const { t } = useTranslation("network");
  const me = useMe();
  const baseId = useId();
  const { params, page, setPage, update } = useFilterParams();
  const isPlanner = me.abilities.assign_plans;
  const tab = isPlanner && params.get("tab") === "plans" ? "plans" : "tasks";
  const [assigning, setAssigning] = useState(false);
  const [assignLoaded, setAssignLoaded] = useState(false);

  const newPlan = (
    <Button
      variant="contained"
      startIcon={<AddOutlined />}
      onClick={() => {
        setAssignLoaded(true);
        setAssigning(true);
      }}
    >
      {t("plans.new")}
    </Button>
  );

  return (
    <>
      <PageHeader title={t("myTasks.title")} description={t("myTasks.description")} actions={isPlanner ? newPlan : undefined} />
      <MyRequiredPaths />
      {isPlanner ? (
        <>
          <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 3 }}>
            <Tabs
              value={tab}
              onChange={(_event, value: "tasks" | "plans") => update({ tab: value === "tasks" ? null : value, page: null, status: null })}
              aria-label={t("myTasks.tabsLabel")}
              variant="scrollable"
              allowScrollButtonsMobile
            >
              <Tab value="tasks" label={t("myTasks.tabs.tasks")} id={`${baseId}-tab-tasks`} aria-controls={`${baseId}-panel`} />
              <Tab value="plans" label={t("myTasks.tabs.plans")} id={`${baseId}-tab-plans`} aria-controls={`${baseId}-panel`} />
            </Tabs>
          </Box>
          <Box role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${tab}`}>
            {tab === "tasks" ? <Tasks page={page} onPage={setPage} /> : <Plans page={page} onPage={setPage} onNew={newPlan} />}
          </Box>
        </>
      ) : (
        <Tasks page={page} onPage={setPage} />
      )}
      {isPlanner && assignLoaded && (
        <Suspense fallback={null}>
          <AssignPlanDialog open={assigning} onClose={() => setAssigning(false)} onAssigned={() => update({ tab: "plans", page: null })} />
        </Suspense>
      )}
    </>
  );
}

function Tasks({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation("network");
  const { params, update } = useFilterParams();
  const status = STATUS_FILTERS.find((s) => s === params.get("status")) ?? "all";
  const tasks = useMyTasks(status, page);

  let body;
  if (tasks.isPending) {
    body = <Loading label={t("myTasks.loading")} />;
  } else if (tasks.isError) {
    body = <LoadFailed error={tasks.error} onRetry={() => void tasks.refetch()} />;
  } else if (tasks.data.results.length === 0) {
    body = <EmptyState icon={<TaskAltOutlined />} title={t("myTasks.emptyTitle")} description={t("myTasks.emptyDescription")} />;
  } else {
    body = (
      <>
        <Stack component="ul" spacing={2} aria-label={t("myTasks.listLabel")} sx={{ listStyle: "none", p: 0, m: 0 }}>
          {tasks.data.results.map((task) => (
            <li key={task.plan.id}>
              <TaskCard task={task} />
            </li>
          ))}
        </Stack>
        <TablePager label={t("pagination.label")} count={tasks.data.count} page={page} pageSize={TASKS_PAGE_SIZE} onPage={onPage} />
      </>
    );
  }
  return (
    <>
      <TextField
        select
        label={t("myTasks.statusFilter")}
        value={status}
        onChange={(event) => update({ status: event.target.value === "all" ? null : event.target.value, page: null })}
        sx={{ minWidth: 220, mb: 3 }}
      >
        {STATUS_FILTERS.map((value) => (
          <MenuItem key={value} value={value}>
            {value === "all" ? t("myTasks.allStatuses") : t(`status.assignee.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      {body}
    </>
  );
}

function Plans({ page, onPage, onNew }: { page: number; onPage: (page: number) => void; onNew: ReactNode }) {
  const { t } = useTranslation("network");
  const plans = usePlans(page);
  if (plans.isPending) {
    return <Loading label={t("plans.loading")} />;
  }
  if (plans.isError) {
    return <LoadFailed error={plans.error} onRetry={() => void plans.refetch()} />;
  }
  if (plans.data.results.length === 0) {
    return <EmptyState icon={<AssignmentOutlined />} title={t("plans.emptyTitle")} description={t("plans.emptyDescription")} action={onNew} />;
  }
  return (
    <>
      <Box aria-label={t("plans.listLabel")} role="list">
        {plans.data.results.map((plan) => (
          <Box role="listitem" key={plan.id}>
            <PlanCard plan={plan} />
          </Box>
        ))}
      </Box>
      <TablePager label={t("pagination.label")} count={plans.data.count} page={page} pageSize={PLANS_PAGE_SIZE} onPage={onPage} />
    </>
  );
}
