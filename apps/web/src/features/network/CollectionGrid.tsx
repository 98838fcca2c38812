import { useEffect, useRef, useState, type ReactNode } from "react";
import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import InputAdornment from "@mui/material/InputAdornment";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import { useTranslation } from "react-i18next";
import { TablePager } from "../../components/TablePager";
import { CONTENT_TYPES } from "@learnward/contracts";
import { EmptyState } from "../../components/EmptyState";
import { CollectionCard } from "./CollectionCard";
import { useCollections } from "./hooks";
import { COLLECTIONS_PAGE_SIZE, type CollectionsFilter } from "./requests";
import { useNetworkFormat } from "./format";
import type { CollectionSummary, ContentType } from "./types";
import { LoadFailed } from "../../components/LoadFailed";

export interface LibraryFilter {
  search: string;
  skill: string;
  type: ContentType | "";
}

/** Search, skill and content type filters; typing settles before the list is asked again. */
export function CollectionFilters({ value, onChange }: { value: LibraryFilter; onChange: (next: LibraryFilter) => void }) {
  const { t } = useTranslation("network");
  const format = useNetworkFormat();
  const [search, setSearch] = useState(value.search);
  const [skill, setSkill] = useState(value.skill);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Outside changes (a skill chip clicked, back navigation) show in the fields.
  useEffect(() => setSearch(value.search), [value.search]);
  useEffect(() => setSkill(value.skill), [value.skill]);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The list is asked again once typing pauses, not at every key.
  const settle = (nextSearch: string, nextSkill: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange({ ...value, search: nextSearch.trim(), skill: nextSkill.trim().toLowerCase() }), 300);
  };

  return (
    <Box role="search" aria-label={t("filters.label")} sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "2fr 1fr 1fr" }, mb: 3 }}>
      <TextField
        label={t("filters.search")}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          settle(event.target.value, skill);
        }}
        type="search"
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        label={t("filters.skill")}
        value={skill}
        onChange={(event) => {
          setSkill(event.target.value.toLowerCase());
          settle(search, event.target.value);
        }}
        slotProps={{ htmlInput: { autoCapitalize: "none" } }}
      />
      <TextField
        select
        label={t("filters.type")}
        value={value.type}
        onChange={(event) => onChange({ ...value, type: event.target.value as ContentType | "" })}
        // "All types" is a choice too: shown, with the label above it.
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{t("filters.allTypes")}</MenuItem>
        {CONTENT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {format.type(type)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

interface CollectionGridProps {
  filter: CollectionsFilter;
  onPage?: (page: number) => void;
  showStatus?: boolean;
  showProgress?: boolean;
  onSkill?: (skill: string) => void;
  empty: { title: string; description: string; icon?: ReactNode; action?: ReactNode };
  cardActions?: (collection: CollectionSummary) => ReactNode;
  /** What the list is, for screen readers. */
  label: string;
}

const GRID = { display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))" } as const;
/** About a card's height with a three-line description (measured: 224–232 px). */
const CARD_PLACEHOLDER_HEIGHT = 224;

/** A page of collections as cards, with its loading, error and empty states and its pages. */
export function CollectionGrid({ filter, onPage, showStatus, showProgress, onSkill, empty, cardActions, label }: CollectionGridProps) {
  const { t } = useTranslation("network");
  const list = useCollections(filter);
  const pageSize = filter.pageSize ?? COLLECTIONS_PAGE_SIZE;

  if (list.isPending) {
    // One row of card-sized placeholders: the list below does not jump when the cards come in
    // (a spinner here was half a row tall: Lighthouse CLS 0.068 on /collaborative-network, mobile).
    // Plain boxes: MUI's Skeleton lives in another chunk, one more round trip before the page shows.
    return (
      <Box
        role="status"
        aria-label={t("collections.loading")}
        sx={{ ...GRID, gridTemplateRows: `${CARD_PLACEHOLDER_HEIGHT}px`, gridAutoRows: 0, rowGap: 0, overflow: "hidden" }}
      >
        {Array.from({ length: Math.min(pageSize, 4) }, (_, i) => (
          <Box key={i} sx={{ height: CARD_PLACEHOLDER_HEIGHT, borderRadius: 1, bgcolor: "action.hover" }} />
        ))}
      </Box>
    );
  }
  if (list.isError) {
    return <LoadFailed error={list.error} onRetry={() => void list.refetch()} />;
  }
  const { results, count } = list.data;
  if (results.length === 0) return <EmptyState {...empty} />;
  return (
    <>
      <Box
        component="ul"
        aria-label={label}
        aria-busy={list.isFetching}
        sx={{ ...GRID, listStyle: "none", p: 0, m: 0, opacity: list.isPlaceholderData ? 0.6 : 1 }}
      >
        {results.map((collection) => (
          <li key={collection.id}>
            <CollectionCard collection={collection} showStatus={showStatus} showProgress={showProgress} onSkill={onSkill} actions={cardActions?.(collection)} />
          </li>
        ))}
      </Box>
      {onPage && <TablePager label={t("pagination.label")} count={count} page={filter.page ?? 1} pageSize={pageSize} onPage={onPage} />}
    </>
  );
}
