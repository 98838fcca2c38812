import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import RouteOutlined from "@mui/icons-material/RouteOutlined";
import BookmarkBorderOutlined from "@mui/icons-material/BookmarkBorderOutlined";
import SearchOffOutlined from "@mui/icons-material/SearchOffOutlined";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { CollectionFilters, CollectionGrid } from "../../features/network/CollectionGrid";
import { FOLLOWING_PAGE_SIZE, pageOf } from "../../features/network/requests";
import { useFilterParams } from "../../features/network/useFilterParams";

/** /collaborative-network: the company's learning paths (published collections) and the ones I follow. */
export default function LearningPathsPage() {
  const { t } = useTranslation("network");
  const { filter, page, setFilter, setPage, params, update } = useFilterParams();
  const followingPage = pageOf(params.get("fpage"));
  const filtered = Boolean(filter.search || filter.skill || filter.type);
  return (
    <>
      <PageHeader title={t("learningPaths.title")} description={t("learningPaths.description")} />

      <Box component="section" aria-labelledby="following-heading" sx={{ mb: 5 }}>
        <Typography id="following-heading" variant="h2" sx={{ mb: 2 }}>
          {t("learningPaths.following")}
        </Typography>
        <CollectionGrid
          label={t("learningPaths.following")}
          filter={{ scope: "following", pageSize: FOLLOWING_PAGE_SIZE, page: followingPage }}
          onPage={(next) => update({ fpage: next === 1 ? null : next })}
          showProgress
          empty={{
            icon: <BookmarkBorderOutlined />,
            title: t("learningPaths.followingEmptyTitle"),
            description: t("learningPaths.followingEmptyDescription"),
          }}
        />
      </Box>

      <Box component="section" aria-labelledby="library-heading">
        <Typography id="library-heading" variant="h2" sx={{ mb: 2 }}>
          {t("learningPaths.company")}
        </Typography>
        <CollectionFilters value={filter} onChange={setFilter} />
        <CollectionGrid
          label={t("learningPaths.company")}
          filter={{ scope: "library", page, search: filter.search, skill: filter.skill, type: filter.type || undefined }}
          onPage={setPage}
          showProgress
          onSkill={(skill) => setFilter({ ...filter, skill })}
          empty={
            filtered
              ? { icon: <SearchOffOutlined />, title: t("learningPaths.noMatchTitle"), description: t("learningPaths.noMatchDescription") }
              : { icon: <RouteOutlined />, title: t("learningPaths.emptyTitle"), description: t("learningPaths.emptyDescription") }
          }
        />
      </Box>
    </>
  );
}
