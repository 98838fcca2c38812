import { useCallback, useId, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { HOME_DUE_SOON_DAYS, HOME_SECTION_SIZE, type ContentType, type HomeResponse } from "@learnward/contracts";
import { TextLink } from "../../components/TextLink";
import { useHomeRecommendations, useHomeSections } from "./hooks";

type MyTask = HomeResponse["assigned"]["results"][number];

const MY_TASKS = "/collaborative-network/myTasks";

/** Where each section's "see all" and empty-state guidance lead. */
const LINKS = {
  companyLibrary: "/collaborative-network/library",
  running: "/home?tab=course&course=running",
  wishlist: "/home?tab=course&course=wishlist",
  discover: "/discover",
};

/** An ISO date (YYYY-MM-DD) as the calendar day it names, whatever the viewer's time zone. */
function useDay() {
  const { i18n } = useTranslation("home");
  return useCallback(
    (iso: string) => {
      const day = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(day.getTime()) ? iso : new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" }).format(day);
    },
    [i18n.language],
  );
}

type Query = { isPending: boolean; isError: boolean; refetch: () => unknown };

/** One titled section: at most a few entries, a link to see them all, or what to do next when empty. */
function Section({
  title,
  query,
  count,
  seeAll,
  empty,
  summary,
  wide = false,
  children,
}: {
  title: string;
  query: Query;
  count: number;
  seeAll: { to: string; label: string };
  empty: ReactNode;
  /** A line under the heading about the entries as a whole, when there are any. */
  summary?: ReactNode;
  /** Across the whole width of the grid. */
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation("home");
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, minWidth: 0, display: "flex", flexDirection: "column", gap: 1, gridColumn: wide ? "1 / -1" : undefined }}
    >
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: 1 }}>
        <Typography variant="h2" id={headingId} sx={{ fontSize: "1.15rem" }}>
          {title}
        </Typography>
        {count > 0 && <TextLink to={seeAll.to}>{seeAll.label}</TextLink>}
      </Box>
      {query.isPending ? (
        <Skeleton variant="rounded" height={96} role="status" aria-label={t("sections.loading", { section: title })} />
      ) : query.isError ? (
        <Box role="alert" sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
          <Typography color="text.secondary">{t("sections.failed")}</Typography>
          <Button size="small" onClick={() => void query.refetch()}>
            {t("actions.retry")}
          </Button>
        </Box>
      ) : count === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <>
          {summary && <Typography color="text.secondary">{summary}</Typography>}
          <Box component="ul" aria-label={title} sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1.5 }}>
            {children}
          </Box>
        </>
      )}
    </Paper>
  );
}

/** A sentence with its next step as a link: "Nothing assigned yet — browse the company library". */
function Guidance({ text, to, link }: { text: string; to: string; link: string }) {
  return (
    <>
      {text} — <TextLink to={to}>{link}</TextLink>
    </>
  );
}

function TaskEntry({ task, dueSoon, day }: { task: MyTask; dueSoon: boolean; day: (iso: string) => string }) {
  const { t } = useTranslation("home");
  const { plan, progress } = task;
  return (
    <li>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
        <TextLink to={MY_TASKS} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
          {plan.title}
        </TextLink>
        {task.overdue ? (
          <Chip size="small" color="error" label={t("sections.overdue")} />
        ) : (
          dueSoon && <Chip size="small" color="warning" variant="outlined" label={t("sections.dueSoon")} />
        )}
      </Box>
      <Typography variant="body2" color={task.overdue ? "error" : "text.secondary"}>
        {t("sections.due", { date: day(plan.deadline) })} · {t("sections.progress", { done: progress.done, total: progress.total })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={progress.percent}
        aria-label={t("sections.progressOf", { title: plan.title })}
        aria-valuetext={t("sections.progressValue", { done: progress.done, total: progress.total, percent: progress.percent })}
        sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
      />
    </li>
  );
}

function ItemEntry({ title, url, type, detail }: { title: string; url: string; type: ContentType; detail?: string | null }) {
  const { t } = useTranslation("home");
  return (
    <li>
      <Box component="a" href={url} target="_blank" rel="noopener noreferrer" sx={{ color: "primary.main", overflowWrap: "anywhere" }}>
        {title}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {[t(`types.${type}`), detail].filter(Boolean).join(" · ")}
      </Typography>
    </li>
  );
}

/** /home: what needs me — assigned (marked when due soon), continue, recommended — above my library. */
export function HomeSections() {
  const { t } = useTranslation("home");
  const day = useDay();
  const sections = useHomeSections();
  const recommendations = useHomeRecommendations();
  const home = sections.data;
  const recommended = recommendations.data?.results ?? [];
  // One list of what is assigned, each plan once, marked when the server counts it due soon: a
  // second "due soon" list repeated the first line for line, since both are soonest first.
  const dueSoon = new Set(home?.due_soon.results.map((task) => task.plan.id));
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" }, gap: 2, mb: 4 }}>
      <Section
        title={t("sections.assigned.title")}
        query={sections}
        count={home?.assigned.count ?? 0}
        seeAll={{ to: MY_TASKS, label: t("sections.assigned.seeAll", { count: home?.assigned.count ?? 0 }) }}
        empty={<Guidance text={t("sections.assigned.empty")} to={LINKS.companyLibrary} link={t("sections.assigned.emptyLink")} />}
        summary={
          home && home.due_soon.count > 0
            ? t("sections.assigned.dueCount", { count: home.due_soon.count, days: HOME_DUE_SOON_DAYS })
            : t("sections.assigned.nothingDue", { days: HOME_DUE_SOON_DAYS })
        }
        wide
      >
        {home?.assigned.results.map((task) => (
          <TaskEntry key={task.plan.id} task={task} dueSoon={dueSoon.has(task.plan.id)} day={day} />
        ))}
      </Section>
      <Section
        title={t("sections.continue.title")}
        query={sections}
        count={home?.continue.count ?? 0}
        seeAll={{ to: LINKS.running, label: t("sections.continue.seeAll", { count: home?.continue.count ?? 0 }) }}
        empty={<Guidance text={t("sections.continue.empty")} to={LINKS.wishlist} link={t("sections.continue.emptyLink")} />}
      >
        {home?.continue.results.map((item) => (
          <ItemEntry key={item.id_primary} title={item.title} url={item.url} type={item.content_type} detail={item.author} />
        ))}
      </Section>
      <Section
        title={t("sections.recommended.title")}
        query={recommendations}
        count={recommended.length}
        seeAll={{ to: LINKS.discover, label: t("sections.recommended.seeAll") }}
        empty={<Guidance text={t("sections.recommended.empty")} to={LINKS.discover} link={t("sections.recommended.emptyLink")} />}
      >
        {recommended.slice(0, HOME_SECTION_SIZE).map((item) => (
          <ItemEntry
            key={item.id_content}
            title={item.title}
            url={item.url}
            type={item.content_type}
            detail={item.reason.kind === "plan" && item.reason.source ? t("sections.recommended.forPlan", { title: item.reason.source }) : item.author}
          />
        ))}
      </Section>
    </Box>
  );
}
