import { lazy, Suspense, useId, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import AddOutlined from "@mui/icons-material/AddOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import LocalLibraryOutlined from "@mui/icons-material/LocalLibraryOutlined";
import CollectionsBookmarkOutlined from "@mui/icons-material/CollectionsBookmarkOutlined";
import SearchOffOutlined from "@mui/icons-material/SearchOffOutlined";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { CollectionDialog } from "../../features/network/CollectionDialog";
import { CollectionFilters, CollectionGrid } from "../../features/network/CollectionGrid";
import { useFilterParams } from "../../features/network/useFilterParams";
import { Loading } from "../../components/Loading";

// The editor carries dnd-kit: it loads only when a collection is edited.
const CollectionEditor = lazy(() => import("../../features/network/editor/CollectionEditor"));

const TABS = ["mine", "company"] as const;
type LibraryTab = (typeof TABS)[number];

/** /collaborative-network/library: my collections (private, pending, published) and the company library; creating and editing. */
export default function LibraryPage() {
  const { t } = useTranslation("network");
  const { filter, page, setFilter, setPage, params, update } = useFilterParams();
  const [creating, setCreating] = useState(false);
  const baseId = useId();
  const tab: LibraryTab = params.get("tab") === "company" ? "company" : "mine";
  const editing = /^\d{1,10}$/.test(params.get("edit") ?? "") ? Number(params.get("edit")) : null;
  const edit = (id: number) => update({ edit: id }, { push: true });

  if (editing !== null) {
    return (
      <Suspense fallback={<Loading label={t("collection.loading")} py={6} />}>
        <CollectionEditor key={editing} id={editing} onDone={() => update({ edit: null }, { push: true })} />
      </Suspense>
    );
  }

  const filtered = Boolean(filter.search || filter.skill || filter.type);
  return (
    <>
      <PageHeader
        title={t("library.title")}
        description={t("library.description")}
        actions={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
            {t("library.create")}
          </Button>
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: LibraryTab) => update({ tab: value === "mine" ? null : value, page: null, q: null, skill: null, type: null })}
          aria-label={t("library.tabsLabel")}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((value) => (
            <Tab key={value} value={value} label={t(`library.tabs.${value}`)} id={`${baseId}-tab-${value}`} aria-controls={`${baseId}-panel`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${tab}`}>
        {tab === "mine" ? (
          <CollectionGrid
            label={t("library.tabs.mine")}
            filter={{ scope: "mine", page }}
            onPage={setPage}
            showStatus
            cardActions={(collection) => (
              <Button
                size="small"
                variant="outlined"
                startIcon={<EditOutlined />}
                onClick={() => edit(collection.id)}
                aria-label={t("library.editLabel", { title: collection.title })}
              >
                {t("library.edit")}
              </Button>
            )}
            empty={{
              icon: <CollectionsBookmarkOutlined />,
              title: t("library.mineEmptyTitle"),
              description: t("library.mineEmptyDescription"),
              action: (
                <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
                  {t("library.create")}
                </Button>
              ),
            }}
          />
        ) : (
          <>
            <CollectionFilters value={filter} onChange={setFilter} />
            <CollectionGrid
              label={t("library.tabs.company")}
              filter={{ scope: "library", page, search: filter.search, skill: filter.skill, type: filter.type || undefined }}
              onPage={setPage}
              onSkill={(skill) => setFilter({ ...filter, skill })}
              empty={
                filtered
                  ? { icon: <SearchOffOutlined />, title: t("learningPaths.noMatchTitle"), description: t("learningPaths.noMatchDescription") }
                  : { icon: <LocalLibraryOutlined />, title: t("library.emptyTitle"), description: t("library.emptyDescription") }
              }
            />
          </>
        )}
      </Box>
      <CollectionDialog open={creating} onClose={() => setCreating(false)} onSaved={(created) => edit(created.id)} />
    </>
  );
}
