import { lazy, useDeferredValue, useEffect, useRef } from "react";
import { OneByOne } from "../../components/OneByOne";
import { usePageSearchParams } from "../../lib/pageSearchParams";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { InsightAttention, Insights } from "@learnward/contracts";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { formatMoney } from "../budgeting/money";
import { AttentionList } from "./AttentionList";
import { exportHref, readFilters, writeFilters, type InsightFilters } from "./filters";
import { formatHours, formatNumber, formatPercent, formatPeriod } from "./format";
import { useInsightAction, useInsights } from "./hooks";
import { InsightsFilters } from "./InsightsFilters";
import { KpiCards } from "./KpiCards";
import { SectionCard } from "./SectionCard";
import { BudgetTable, OverdueTable, PlansTable, SeriesTable, TopContentTable, TopSkillsTable, TypeMixTable } from "./tables";

// @mui/x-charts is about 100 KB gzip: the charts load on their own, after the figures are on screen.
const ActivityChart = lazy(() => import("./ActivityChart"));
const TypeMixChart = lazy(() => import("./TypeMixChart"));
const BudgetChart = lazy(() => import("./BudgetChart"));

const twoColumns = (left: string) => ({ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: `minmax(0, ${left}) minmax(0, 1fr)` } });

/** /dashboard/content: the viewer's insights, with the filters in the URL. */
export function InsightsDashboard() {
  const { t } = useTranslation("insights");
  const [params, setParams] = usePageSearchParams();
  const filters = readFilters(params);
  const insights = useInsights(filters);
  const errorMessage = useErrorMessage();
  // Navigation renders in a transition: a second click before the first one's render still sees the
  // old params, so each change builds on the last one written until the router catches up.
  const written = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    written.current = null;
  }, [params]);
  const change = (patch: Partial<InsightFilters>) => {
    const current = written.current ?? params;
    written.current = writeFilters(current, { ...readFilters(current), ...patch });
    setParams(written.current);
  };

  if (insights.isPending) {
    return (
      <Box sx={{ display: "flex", justifyContent: "center", p: 6 }}>
        <CircularProgress aria-label={t("loading")} />
      </Box>
    );
  }
  if (insights.isError && !insights.data) {
    return (
      <>
        <InsightsFilters filters={filters} shown={undefined} onChange={change} />
        <Alert
          severity="error"
          role="alert"
          action={
            // A scope or team this person may not see (an old or shared link): back to their own view.
            filters.scope ? (
              <Button color="inherit" size="small" onClick={() => change({ scope: undefined, team: undefined })}>
                {t("resetScope")}
              </Button>
            ) : (
              <Button color="inherit" size="small" onClick={() => void insights.refetch()}>
                {t("retry")}
              </Button>
            )
          }
        >
          {t("loadError")} {errorMessage(insights.error)}
        </Alert>
      </>
    );
  }
  const data = insights.data!;
  return (
    <>
      <InsightsFilters filters={filters} shown={data} onChange={change} />
      <Dashboard data={data} filters={{ ...filters, scope: data.scope, team: data.team?.id }} updating={insights.isFetching && insights.isPlaceholderData} />
    </>
  );
}

function Dashboard({ data, filters, updating }: { data: Insights; filters: InsightFilters; updating: boolean }) {
  const { t } = useTranslation("insights");
  const action = useInsightAction();
  const errorMessage = useErrorMessage();

  const remind = (accountIds?: number[]) =>
    action.mutate(
      { kind: "remind_overdue", filters, accountIds },
      {
        onSuccess: (result) =>
          toast(result.reminded ? t("actions.reminded", { count: result.reminded }) : t("actions.nobodyReminded"), result.reminded ? "success" : "info"),
        onError: (error) => toast(`${t("actions.failed")} ${errorMessage(error)}`, "error"),
      },
    );
  const run = (a: InsightAttention) => {
    if (a.action.kind === "remind_overdue") remind();
  };

  const mine = data.scope === "me";
  // Everything below the key figures renders after them, in the background: the charts and tables
  // are most of the page's work, and rendered in one go they blocked input for a third of a second.
  const details = useDeferredValue(data, null);

  return (
    <Box sx={{ display: "grid", gap: 2, opacity: updating ? 0.6 : 1, transition: "opacity 150ms" }} aria-busy={updating}>
      <Typography color="text.secondary">
        {t(`scopeLine.${data.scope}`, { team: data.team?.name ?? "" })} · {t(`filters.times.${data.time}`)}
        {updating && ` · ${t("updating")}`}
      </Typography>

      <AttentionList items={data.attention} onRun={run} busy={action.isPending} />
      {/* In my own view, the overdue figure counts my plans rather than people. */}
      <KpiCards
        kpis={mine ? { ...data.kpis, overdue_people: { value: data.overdue.count, previous: null } } : data.kpis}
        time={data.time}
        mine={mine}
        certificatesCsv={exportHref(filters, "certificates")}
      />

      {details ? (
        <Details data={details} filters={filters} remind={data.abilities.remind ? { run: remind, busy: action.isPending } : undefined} />
      ) : (
        <Box sx={{ display: "flex", justifyContent: "center", p: 4 }}>
          <CircularProgress aria-label={t("loading")} />
        </Box>
      )}
    </Box>
  );
}

/** The charts and tables under the key figures, each with its CSV. */
function Details({ data, filters, remind }: { data: Insights; filters: InsightFilters; remind?: { run: (accountIds: number[]) => void; busy: boolean } }) {
  const { t, i18n } = useTranslation("insights");
  const l = i18n.language;
  const today = new Date().toISOString().slice(0, 10);
  const money = (minor: number) => formatMoney(minor, data.budget?.currency ?? "USD", l);
  const series = data.series;
  const totalCompletions = series.reduce((n, p) => n + p.completions, 0);
  const totalTime = series.reduce((n, p) => n + p.learning_time_s, 0);
  const activitySummary = series.length
    ? t("activity.summary", {
        from: formatPeriod(series[0]!.period, data.bucket, l, true),
        to: formatPeriod(series.at(-1)!.period, data.bucket, l, true),
        learners: formatNumber(Math.max(...series.map((p) => p.active_learners)), l),
        completions: formatNumber(totalCompletions, l),
        time: formatHours(totalTime, l),
      })
    : t("activity.empty");
  const typeTotal = data.content_types.reduce((n, r) => n + r.activity, 0);
  const topType = data.content_types[0];
  const hasActivity = series.some((p) => p.active_learners || p.completions);
  const mine = data.scope === "me";

  return (
    <OneByOne>
      <Box sx={twoColumns("2fr")}>
        <SectionCard
          title={t("activity.heading")}
          csvHref={exportHref(filters, "series")}
          chart={hasActivity ? { node: <ActivityChart series={series} bucket={data.bucket} />, summary: activitySummary, height: 260 } : undefined}
        >
          {hasActivity ? <SeriesTable series={series} bucket={data.bucket} /> : <Typography color="text.secondary">{t("activity.empty")}</Typography>}
        </SectionCard>
        <SectionCard
          title={t("types.heading")}
          csvHref={exportHref(filters, "content_types")}
          chart={
            topType
              ? {
                  node: <TypeMixChart types={data.content_types} />,
                  summary: t("types.summary", {
                    type: t(`types.names.${topType.content_type}`),
                    share: formatPercent((topType.activity / typeTotal) * 100, l),
                  }),
                  height: 240,
                }
              : undefined
          }
        >
          <TypeMixTable types={data.content_types} />
        </SectionCard>
      </Box>

      {data.budget && (
        <SectionCard
          title={t("budget.heading")}
          csvHref={exportHref(filters, "budget")}
          chart={
            data.budget.teams.length
              ? {
                  node: <BudgetChart budget={data.budget} money={money} />,
                  summary: t("budget.summary", { used: money(data.budget.used_minor), allocated: money(data.budget.allocated_minor) }),
                  height: 160,
                }
              : undefined
          }
        >
          <BudgetTable budget={data.budget} money={money} />
        </SectionCard>
      )}
      {data.budget && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
          {t("budget.line", {
            period:
              data.budget.period === "year"
                ? t("budget.period.year", { year: data.budget.period_start.slice(0, 4) })
                : t("budget.period.month", { month: formatPeriod(data.budget.period_start, "month", l, true) }),
            used: money(data.budget.used_minor),
            allocated: money(data.budget.allocated_minor),
            amount: money(data.budget.amount_minor),
          })}
        </Typography>
      )}
      <SectionCard title={mine ? t("overdue.headingMine") : t("overdue.heading")} csvHref={exportHref(filters, "overdue")}>
        <OverdueTable
          overdue={data.overdue}
          today={today}
          label={mine ? t("overdue.headingMine") : t("overdue.heading")}
          remind={remind ? { run: (row) => remind.run([row.account_id]), busy: remind.busy } : undefined}
        />
      </SectionCard>

      <SectionCard title={t("topContent.heading")} csvHref={exportHref(filters, "top_content")}>
        <TopContentTable rows={data.top_content} />
      </SectionCard>

      <SectionCard title={t("plans.heading")} csvHref={exportHref(filters, "plans")}>
        <PlansTable plans={data.plans} />
      </SectionCard>
      <SectionCard title={t("topSkills.heading")} csvHref={exportHref(filters, "top_skills")}>
        <TopSkillsTable rows={data.top_skills} />
      </SectionCard>
      <Typography variant="body2" color="text.secondary">
        {t("nowNote")}
      </Typography>
    </OneByOne>
  );
}
