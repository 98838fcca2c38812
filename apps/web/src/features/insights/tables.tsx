import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { InsightBucket, Insights } from "@learnward/contracts";
import { formatDate, formatHours, formatNumber, formatPercent, formatPeriod } from "./format";
import { DataTable, type Column } from "../../components/DataTable";

/** A small table that scrolls when long; its first column heads each row. */
function InsightsTable<T>({
  label,
  columns,
  rows,
  rowKey,
  empty,
}: {
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  empty: string;
}) {
  const [first, ...rest] = columns;
  const head: Column<T> | undefined = first && { ...first, rowHeader: true, cellSx: { minWidth: 140, maxWidth: 420, overflowWrap: "break-word" } };
  return (
    <DataTable
      label={label}
      outlined={false}
      maxHeight={420}
      columns={[head, ...rest]}
      rows={rows}
      rowKey={rowKey}
      empty={<Typography color="text.secondary">{empty}</Typography>}
    />
  );
}

export function SeriesTable({ series, bucket }: { series: Insights["series"]; bucket: InsightBucket }) {
  const { t, i18n } = useTranslation("insights");
  const l = i18n.language;
  return (
    <InsightsTable
      label={t("activity.heading")}
      empty={t("activity.empty")}
      rows={[...series].reverse()}
      rowKey={(r) => r.period}
      columns={[
        { key: "period", header: t("activity.period"), cell: (r) => formatPeriod(r.period, bucket, l, true) },
        { key: "learners", header: t("kpis.active_learners"), align: "right", cell: (r) => formatNumber(r.active_learners, l) },
        { key: "completions", header: t("kpis.completions"), align: "right", cell: (r) => formatNumber(r.completions, l) },
        { key: "time", header: t("kpis.learning_time_s"), align: "right", cell: (r) => formatHours(r.learning_time_s, l) },
      ]}
    />
  );
}

export function TypeMixTable({ types }: { types: Insights["content_types"] }) {
  const { t, i18n } = useTranslation("insights");
  const l = i18n.language;
  const total = types.reduce((n, r) => n + r.activity, 0);
  return (
    <InsightsTable
      label={t("types.heading")}
      empty={t("types.empty")}
      rows={types}
      rowKey={(r) => r.content_type}
      columns={[
        { key: "type", header: t("types.type"), cell: (r) => t(`types.names.${r.content_type}`) },
        { key: "activity", header: t("types.activity"), align: "right", cell: (r) => formatNumber(r.activity, l) },
        { key: "share", header: t("types.share"), align: "right", cell: (r) => formatPercent(total ? (r.activity / total) * 100 : 0, l) },
        { key: "completions", header: t("kpis.completions"), align: "right", cell: (r) => formatNumber(r.completions, l) },
      ]}
    />
  );
}

export function BudgetTable({ budget, money }: { budget: NonNullable<Insights["budget"]>; money: (minor: number) => string }) {
  const { t, i18n } = useTranslation("insights");
  return (
    <InsightsTable
      label={t("budget.heading")}
      empty={t("budget.none")}
      rows={budget.teams}
      rowKey={(r) => r.team.id}
      columns={[
        { key: "team", header: t("budget.team"), cell: (r) => r.team.name },
        { key: "allocated", header: t("budget.allocated"), align: "right", cell: (r) => money(r.allocated_minor) },
        { key: "reserved", header: t("budget.reserved"), align: "right", cell: (r) => money(r.reserved_minor) },
        { key: "paid", header: t("budget.paid"), align: "right", cell: (r) => money(r.paid_minor) },
        { key: "remaining", header: t("budget.remaining"), align: "right", cell: (r) => money(r.remaining_minor) },
        { key: "used", header: t("budget.usedPercent"), align: "right", cell: (r) => formatPercent(r.used_percent, i18n.language) },
      ]}
    />
  );
}

export function TopContentTable({ rows }: { rows: Insights["top_content"] }) {
  const { t, i18n } = useTranslation("insights");
  const l = i18n.language;
  return (
    <InsightsTable
      label={t("topContent.heading")}
      empty={t("topContent.empty")}
      rows={rows}
      rowKey={(r) => r.content_id}
      columns={[
        {
          key: "title",
          header: t("topContent.title"),
          cell: (r) => (
            <Link href={r.url} target="_blank" rel="noopener noreferrer">
              {r.title}
            </Link>
          ),
        },
        { key: "type", header: t("topContent.type"), cell: (r) => t(`types.names.${r.content_type}`) },
        { key: "saves", header: t("topContent.saves"), align: "right", cell: (r) => formatNumber(r.saves, l) },
        { key: "starts", header: t("topContent.starts"), align: "right", cell: (r) => formatNumber(r.starts, l) },
        { key: "completions", header: t("topContent.completions"), align: "right", cell: (r) => formatNumber(r.completions, l) },
        { key: "time", header: t("topContent.time"), align: "right", cell: (r) => formatHours(r.learning_time_s, l) },
      ]}
    />
  );
}

export function TopSkillsTable({ rows }: { rows: Insights["top_skills"] }) {
  const { t, i18n } = useTranslation("insights");
  const l = i18n.language;
  return (
    <InsightsTable
      label={t("topSkills.heading")}
      empty={t("topSkills.empty")}
      rows={rows}
      rowKey={(r) => r.skill}
      columns={[
        { key: "skill", header: t("topSkills.skill"), cell: (r) => r.skill },
        { key: "activity", header: t("topSkills.activity"), align: "right", cell: (r) => formatNumber(r.activity, l) },
        { key: "completions", header: t("topSkills.completions"), align: "right", cell: (r) => formatNumber(r.completions, l) },
        { key: "time", header: t("topSkills.time"), align: "right", cell: (r) => formatHours(r.learning_time_s, l) },
      ]}
    />
  );
}

export function PlansTable({ plans }: { plans: Insights["plans"] }) {
  const { t, i18n } = useTranslation("insights");
  const l = i18n.language;
  return (
    <>
      <InsightsTable
        label={t("plans.heading")}
        empty={t("plans.empty")}
        rows={plans.results}
        rowKey={(r) => r.plan_id}
        columns={[
          { key: "title", header: t("plans.title"), cell: (r) => r.title },
          { key: "deadline", header: t("plans.deadline"), cell: (r) => formatDate(r.deadline, l) },
          { key: "assignees", header: t("plans.assignees"), align: "right", cell: (r) => formatNumber(r.assignees, l) },
          { key: "completed", header: t("plans.completed"), align: "right", cell: (r) => formatNumber(r.completed, l) },
          { key: "overdue", header: t("plans.overdue"), align: "right", cell: (r) => formatNumber(r.overdue, l) },
          { key: "progress", header: t("plans.progress"), align: "right", cell: (r) => formatPercent(r.percent, l) },
        ]}
      />
      {plans.count > plans.results.length && (
        <Typography variant="body2" color="text.secondary">
          {t("plans.more", { shown: formatNumber(plans.results.length, l), count: formatNumber(plans.count, l) })}
        </Typography>
      )}
    </>
  );
}

type OverdueRow = Insights["overdue"]["results"][number];

export function OverdueTable({
  overdue,
  today,
  label,
  remind,
}: {
  overdue: Insights["overdue"];
  today: string;
  label: string;
  remind?: { run: (row: OverdueRow) => void; busy: boolean };
}) {
  const { t, i18n } = useTranslation("insights");
  const l = i18n.language;
  const remindedToday = (r: OverdueRow) => r.reminded_at !== null && r.reminded_at.slice(0, 10) === today;
  const columns: Column<OverdueRow>[] = [
    { key: "person", header: t("overdue.person"), cell: (r) => r.display_name },
    { key: "team", header: t("overdue.team"), cell: (r) => r.team?.name ?? "—" },
    { key: "plan", header: t("overdue.plan"), cell: (r) => r.plan_title },
    { key: "deadline", header: t("overdue.deadline"), cell: (r) => formatDate(r.deadline, l) },
    { key: "days", header: t("overdue.daysOverdue"), align: "right", cell: (r) => formatNumber(r.days_overdue, l) },
    { key: "progress", header: t("overdue.progress"), align: "right", cell: (r) => formatPercent(r.percent, l) },
    { key: "reminded", header: t("overdue.reminded"), cell: (r) => (r.reminded_at ? formatDate(r.reminded_at, l) : t("overdue.never")) },
  ];
  if (remind) {
    columns.push({
      key: "action",
      header: t("overdue.action"),
      cell: (r) =>
        remindedToday(r) ? (
          <Typography variant="body2" color="text.secondary">
            {t("actions.remindedShort")}
          </Typography>
        ) : (
          <Button
            size="small"
            variant="outlined"
            disabled={remind.busy}
            onClick={() => remind.run(r)}
            aria-label={t("actions.remindPerson", { name: r.display_name })}
          >
            {t("actions.remind")}
          </Button>
        ),
    });
  }
  return (
    <>
      <InsightsTable label={label} empty={t("overdue.empty")} rows={overdue.results} rowKey={(r) => `${r.account_id}-${r.plan_id}`} columns={columns} />
      {overdue.count > overdue.results.length && (
        <Typography variant="body2" color="text.secondary">
          {t("overdue.more", { shown: formatNumber(overdue.results.length, l), count: formatNumber(overdue.count, l) })}
        </Typography>
      )}
    </>
  );
}
