import type { ReactNode } from "react";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { InsightBucket, Insights } from "@learnward/contracts";
import { formatDate, formatHours, formatNumber, formatPercent, formatPeriod } from "./format";
import { ScrollArea } from "../../components/ScrollArea";

interface Column<T> {
  key: string;
  label: string;
  numeric?: boolean;
  cell: (row: T) => ReactNode;
}

/** A small, labelled table; its first column heads each row. */
function DataTable<T>({ label, columns, rows, rowKey, empty }: { label: string; columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string | number; empty: string }) {
  if (!rows.length) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    // Scrolls when long or narrow: focusable, so keyboard users can scroll it too.
    <ScrollArea label={label} sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.numeric ? "right" : "left"}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <TableCell key={c.key} component="th" scope="row" sx={{ minWidth: 140, maxWidth: 420, overflowWrap: "break-word" }}>
                    {c.cell(row)}
                  </TableCell>
                ) : (
                  <TableCell key={c.key} align={c.numeric ? "right" : "left"}>
                    {c.cell(row)}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollArea>
  );
}

export function SeriesTable({ series, bucket }: { series: Insights["series"]; bucket: InsightBucket }) {
  const { t, i18n } = useTranslation("insights");
  const l = i18n.language;
  return (
    <DataTable
      label={t("activity.heading")}
      empty={t("activity.empty")}
      rows={[...series].reverse()}
      rowKey={(r) => r.period}
      columns={[
        { key: "period", label: t("activity.period"), cell: (r) => formatPeriod(r.period, bucket, l, true) },
        { key: "learners", label: t("kpis.active_learners"), numeric: true, cell: (r) => formatNumber(r.active_learners, l) },
        { key: "completions", label: t("kpis.completions"), numeric: true, cell: (r) => formatNumber(r.completions, l) },
        { key: "time", label: t("kpis.learning_time_s"), numeric: true, cell: (r) => formatHours(r.learning_time_s, l) },
      ]}
    />
  );
}

export function TypeMixTable({ types }: { types: Insights["content_types"] }) {
  const { t, i18n } = useTranslation("insights");
  const l = i18n.language;
  const total = types.reduce((n, r) => n + r.activity, 0);
  return (
    <DataTable
      label={t("types.heading")}
      empty={t("types.empty")}
      rows={types}
      rowKey={(r) => r.content_type}
      columns={[
        { key: "type", label: t("types.type"), cell: (r) => t(`types.names.${r.content_type}`) },
        { key: "activity", label: t("types.activity"), numeric: true, cell: (r) => formatNumber(r.activity, l) },
        { key: "share", label: t("types.share"), numeric: true, cell: (r) => formatPercent(total ? (r.activity / total) * 100 : 0, l) },
        { key: "completions", label: t("kpis.completions"), numeric: true, cell: (r) => formatNumber(r.completions, l) },
      ]}
    />
  );
}

export function BudgetTable({ budget, money }: { budget: NonNullable<Insights["budget"]>; money: (minor: number) => string }) {
  const { t, i18n } = useTranslation("insights");
  return (
    <DataTable
      label={t("budget.heading")}
      empty={t("budget.none")}
      rows={budget.teams}
      rowKey={(r) => r.team.id}
      columns={[
        { key: "team", label: t("budget.team"), cell: (r) => r.team.name },
        { key: "allocated", label: t("budget.allocated"), numeric: true, cell: (r) => money(r.allocated_minor) },
        { key: "reserved", label: t("budget.reserved"), numeric: true, cell: (r) => money(r.reserved_minor) },
        { key: "paid", label: t("budget.paid"), numeric: true, cell: (r) => money(r.paid_minor) },
        { key: "remaining", label: t("budget.remaining"), numeric: true, cell: (r) => money(r.remaining_minor) },
        { key: "used", label: t("budget.usedPercent"), numeric: true, cell: (r) => formatPercent(r.used_percent, i18n.language) },
      ]}
    />
  );
}

export function TopContentTable({ rows }: { rows: Insights["top_content"] }) {
  const { t, i18n } = useTranslation("insights");
  const l = i18n.language;
  return (
    <DataTable
      label={t("topContent.heading")}
      empty={t("topContent.empty")}
      rows={rows}
      rowKey={(r) => r.content_id}
      columns={[
        {
          key: "title",
          label: t("topContent.title"),
          cell: (r) => (
            <Link href={r.url} target="_blank" rel="noopener noreferrer">
              {r.title}
            </Link>
          ),
        },
        { key: "type", label: t("topContent.type"), cell: (r) => t(`types.names.${r.content_type}`) },
        { key: "saves", label: t("topContent.saves"), numeric: true, cell: (r) => formatNumber(r.saves, l) },
        { key: "starts", label: t("topContent.starts"), numeric: true, cell: (r) => formatNumber(r.starts, l) },
        { key: "completions", label: t("topContent.completions"), numeric: true, cell: (r) => formatNumber(r.completions, l) },
        { key: "time", label: t("topContent.time"), numeric: true, cell: (r) => formatHours(r.learning_time_s, l) },
      ]}
    />
  );
}

export function TopSkillsTable({ rows }: { rows: Insights["top_skills"] }) {
  const { t, i18n } = useTranslation("insights");
  const l = i18n.language;
  return (
    <DataTable
      label={t("topSkills.heading")}
      empty={t("topSkills.empty")}
      rows={rows}
      rowKey={(r) => r.skill}
      columns={[
        { key: "skill", label: t("topSkills.skill"), cell: (r) => r.skill },
        { key: "activity", label: t("topSkills.activity"), numeric: true, cell: (r) => formatNumber(r.activity, l) },
        { key: "completions", label: t("topSkills.completions"), numeric: true, cell: (r) => formatNumber(r.completions, l) },
        { key: "time", label: t("topSkills.time"), numeric: true, cell: (r) => formatHours(r.learning_time_s, l) },
      ]}
    />
  );
}

export function PlansTable({ plans }: { plans: Insights["plans"] }) {
  const { t, i18n } = useTranslation("insights");
  const l = i18n.language;
  return (
    <>
      <DataTable
        label={t("plans.heading")}
        empty={t("plans.empty")}
        rows={plans.results}
        rowKey={(r) => r.plan_id}
        columns={[
          { key: "title", label: t("plans.title"), cell: (r) => r.title },
          { key: "deadline", label: t("plans.deadline"), cell: (r) => formatDate(r.deadline, l) },
          { key: "assignees", label: t("plans.assignees"), numeric: true, cell: (r) => formatNumber(r.assignees, l) },
          { key: "completed", label: t("plans.completed"), numeric: true, cell: (r) => formatNumber(r.completed, l) },
          { key: "overdue", label: t("plans.overdue"), numeric: true, cell: (r) => formatNumber(r.overdue, l) },
          { key: "progress", label: t("plans.progress"), numeric: true, cell: (r) => formatPercent(r.percent, l) },
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

export function OverdueTable({ overdue, today, label, remind }: { overdue: Insights["overdue"]; today: string; label: string; remind?: { run: (row: OverdueRow) => void; busy: boolean } }) {
  const { t, i18n } = useTranslation("insights");
  const l = i18n.language;
  const remindedToday = (r: OverdueRow) => r.reminded_at !== null && r.reminded_at.slice(0, 10) === today;
  const columns: Column<OverdueRow>[] = [
    { key: "person", label: t("overdue.person"), cell: (r) => r.display_name },
    { key: "team", label: t("overdue.team"), cell: (r) => r.team?.name ?? "—" },
    { key: "plan", label: t("overdue.plan"), cell: (r) => r.plan_title },
    { key: "deadline", label: t("overdue.deadline"), cell: (r) => formatDate(r.deadline, l) },
    { key: "days", label: t("overdue.daysOverdue"), numeric: true, cell: (r) => formatNumber(r.days_overdue, l) },
    { key: "progress", label: t("overdue.progress"), numeric: true, cell: (r) => formatPercent(r.percent, l) },
    { key: "reminded", label: t("overdue.reminded"), cell: (r) => (r.reminded_at ? formatDate(r.reminded_at, l) : t("overdue.never")) },
  ];
  if (remind) {
    columns.push({
      key: "action",
      label: t("overdue.action"),
      cell: (r) =>
        remindedToday(r) ? (
          <Typography variant="body2" color="text.secondary">
            {t("actions.remindedShort")}
          </Typography>
        ) : (
          <Button size="small" variant="outlined" disabled={remind.busy} onClick={() => remind.run(r)} aria-label={t("actions.remindPerson", { name: r.display_name })}>
            {t("actions.remind")}
          </Button>
        ),
    });
  }
  return (
    <>
      <DataTable label={label} empty={t("overdue.empty")} rows={overdue.results} rowKey={(r) => `${r.account_id}-${r.plan_id}`} columns={columns} />
      {overdue.count > overdue.results.length && (
        <Typography variant="body2" color="text.secondary">
          {t("overdue.more", { shown: formatNumber(overdue.results.length, l), count: formatNumber(overdue.count, l) })}
        </Typography>
      )}
    </>
  );
}
