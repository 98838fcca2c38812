import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import SearchOffOutlined from "@mui/icons-material/SearchOffOutlined";
import { useTranslation } from "react-i18next";
import { DISCOVER_PAGE_SIZE, type DiscoverResponse } from "@learnward/contracts";
import { EmptyState } from "../../components/EmptyState";
import { TablePager } from "../../components/TablePager";
import { CollectionCard } from "../network/CollectionCard";
import { ResultCard } from "./ResultCard";
import { Loading } from "../../components/Loading";
import { renderNearScreen } from "../../components/offscreen";

interface DiscoverResultsProps {
  data: DiscoverResponse | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  page: number;
  filtered: boolean;
  onPage: (page: number) => void;
  onSkill: (skill: string) => void;
}

/** A page of search results: catalog items and published collections, ranked together. */
export function DiscoverResults({ data, isPending, isError, isFetching, page, filtered, onPage, onSkill }: DiscoverResultsProps) {
  const { t } = useTranslation("discover");
  const heading = filtered ? t("search.results") : t("search.browse");
  return (
    <Box component="section" aria-labelledby="discover-results" aria-busy={isFetching || undefined} sx={{ mb: 4 }}>
      <Box sx={{ display: "flex", alignItems: "baseline", gap: 1.5, flexWrap: "wrap", mb: 1.5 }}>
        <Typography variant="h2" id="discover-results" sx={{ fontSize: "1.25rem" }}>
          {heading}
        </Typography>
        {data && (
          <Typography color="text.secondary" role="status">
            {t("search.count", { count: data.count })}
          </Typography>
        )}
      </Box>
      {isPending ? (
        <Loading label={t("search.loading")} />
      ) : isError || !data ? (
        <Alert severity="error">{t("search.error")}</Alert>
      ) : data.results.length === 0 ? (
        <EmptyState icon={<SearchOffOutlined />} title={t("search.noMatchTitle")} description={t("search.noMatchDescription")} />
      ) : (
        <>
          {/* One column no wider than the page: a long unbroken link in a card wraps instead of widening it. */}
          <Box
            component="ul"
            sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 1.5, m: 0, p: 0, listStyle: "none", "& > li": renderNearScreen(250) }}
          >
            {data.results.map((result) => (
              <li key={result.kind === "content" ? `c${result.id_content}` : `p${result.collection.id}`}>
                {result.kind === "content" ? (
                  <ResultCard item={result} onSkill={onSkill} />
                ) : (
                  <CollectionCard collection={result.collection} onSkill={onSkill} />
                )}
              </li>
            ))}
          </Box>
          <TablePager label={t("search.pages")} count={data.count} page={page} pageSize={DISCOVER_PAGE_SIZE} onPage={onPage} />
        </>
      )}
    </Box>
  );
}
