import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { DiscoverContent, RecommendationsResponse } from "@learnward/contracts";
import { useRecommendations, useTrending } from "./hooks";
import { ResultCard } from "./ResultCard";
import { renderNearScreen } from "../../components/offscreen";

/** A titled row of compact cards that scrolls sideways on small screens. */
function Row({
  id,
  title,
  description,
  items,
  empty,
  loading,
}: {
  id: string;
  title: string;
  description: string;
  items: { item: DiscoverContent; note: ReactNode }[];
  empty: string;
  loading: boolean;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Typography variant="h2" id={id} sx={{ fontSize: "1.25rem" }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {description}
      </Typography>
      {loading ? (
        <Skeleton variant="rounded" height={160} />
      ) : items.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{
            // One row that scrolls sideways; the cards' links and buttons are reachable by keyboard.
            display: "grid",
            gridAutoFlow: "column",
            gridAutoColumns: { xs: "78%", sm: "236px" },
            gap: 1.5,
            overflowX: "auto",
            scrollSnapType: "x proximity",
            "& > li": { scrollSnapAlign: "start", ...renderNearScreen(230) },
            m: 0,
            p: 0,
            pb: 1,
            listStyle: "none",
          }}
        >
          {items.map(({ item, note }) => (
            <li key={item.id_content}>
              <ResultCard item={item} note={note} compact />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

export function TrendingRow() {
  const { t } = useTranslation("discover");
  const { data, isPending } = useTrending();
  const items = (data?.results ?? []).map((item) => ({
    item,
    note: [t("trending.saves", { count: item.saves_30d }), item.completions_30d ? t("trending.completions", { count: item.completions_30d }) : null]
      .filter(Boolean)
      .join(" · "),
  }));
  return (
    <Row
      id="discover-trending"
      title={t("trending.title")}
      description={t("trending.description")}
      items={items}
      empty={t("trending.empty")}
      loading={isPending}
    />
  );
}

type Reason = RecommendationsResponse["results"][number]["reason"];

export function RecommendationsRow() {
  const { t } = useTranslation("discover");
  const { data, isPending } = useRecommendations();
  const why = (r: Reason) =>
    r.kind === "plan"
      ? t("recommendations.plan", { plan: r.source ?? "", skill: r.skill ?? "" })
      : r.kind === "finished"
        ? t("recommendations.finished", { title: r.source ?? "" })
        : t(`recommendations.${r.kind}`);
  const items = (data?.results ?? []).map((item) => ({ item, note: why(item.reason) }));
  return (
    <Row
      id="discover-recommended"
      title={t("recommendations.title")}
      description={t("recommendations.description")}
      items={items}
      empty={t("recommendations.empty")}
      loading={isPending}
    />
  );
}
