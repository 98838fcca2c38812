import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import AutoAwesomeOutlined from "@mui/icons-material/AutoAwesomeOutlined";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { CopilotPanel } from "../../features/discover/CopilotPanel";
import { DiscoverResults } from "../../features/discover/DiscoverResults";
import { RecommendationsRow, TrendingRow } from "../../features/discover/ItemRows";
import { FILTERS, useDiscoverParams } from "../../features/discover/params";
import { useDiscoverSearch } from "../../features/discover/hooks";
import { SearchFilters } from "../../features/discover/SearchFilters";
import { HydrateWhenSeen } from "../../app/hydrateWhenSeen";

/**
 * /discover: search the company catalog and its learning paths with filters and counts,
 * what is trending and recommended, and the learning copilot beside it.
 */
export default function DiscoverPage() {
  // Item cards show types, providers and durations in the library's words.
  const { t } = useTranslation(["discover", "home", "network"]);
  const { filter, update, conversation } = useDiscoverParams();
  const search = useDiscoverSearch(filter);
  const filtered = filter.search !== "" || FILTERS.some((name) => filter[name] !== "");
  const onSkill = (skill: string) => update({ skill });

  return (
    <>
      <PageHeader
        title={t("page.title")}
        description={t("page.description")}
        actions={
          <Button href="#copilot" variant="outlined" startIcon={<AutoAwesomeOutlined />} sx={{ display: { lg: "none" } }}>
            {t("page.toCopilot")}
          </Button>
        }
      />
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 380px" }, gap: 3, alignItems: "start" }}>
        <Box sx={{ minWidth: 0 }}>
          <SearchFilters
            filter={filter}
            facets={search.data?.facets}
            onSearch={(q) => update({ q })}
            onFilter={(name, value) => update({ [name]: value })}
            onClear={() => update({ q: null, type: null, provider: null, skill: null, duration: null, language: null, kind: null })}
          />
          {!filtered && (
            <>
              <TrendingRow />
              <HydrateWhenSeen>
                <RecommendationsRow />
              </HydrateWhenSeen>
            </>
          )}
          {/* Below a phone's first screen: hydrated when seen or when the person acts (a search typed above). */}
          <HydrateWhenSeen>
            <DiscoverResults
              data={search.data}
              isPending={search.isPending}
              isError={search.isError}
              isFetching={search.isFetching}
              page={filter.page}
              filtered={filtered}
              onPage={(page) => update({ page })}
              onSkill={onSkill}
            />
          </HydrateWhenSeen>
        </Box>
        <HydrateWhenSeen>
          <CopilotPanel conversation={conversation} onConversation={(id) => update({ c: id })} onSearch={(q) => update({ q })} />
        </HydrateWhenSeen>
      </Box>
    </>
  );
}
