import { lazy, memo, Suspense, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { usePageSearchParams } from "../../lib/pageSearchParams";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import SearchOffOutlined from "@mui/icons-material/SearchOffOutlined";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { CONTENT_PAGE_SIZE, type ContentItem, type TabCountKey } from "@learnward/contracts";
import { EmptyState } from "../../components/EmptyState";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { ContentActions } from "./ContentActions";
import { ContentCard } from "./ContentCard";
import { ItemStateControl } from "./ItemStateControl";
import { TablePager } from "../../components/TablePager";
import { ContentTypeIcon } from "./ContentTypeIcon";
import { useContentCounts, useContentSearch, useCourseMove } from "./hooks";
import { contentSearchOptions } from "./queries";
import { TagFilter } from "./tags/TagFilter";
import { useTags } from "./tags/hooks";
import { LoadFailed } from "../../components/LoadFailed";
import { Loading } from "../../components/Loading";
import {
  COURSE_COUNT,
  COURSE_FILTERS,
  FOLDERS_TAB,
  LIBRARY_TABS,
  libraryLocation,
  STATE_FILTERS,
  stateCount,
  TAB_COUNT,
  type LibraryQuery,
  type LibraryTab,
  type TabValue,
} from "./query";
import { renderNearScreen } from "../../components/offscreen";
import { HydrateWhenSeen } from "../../app/hydrateWhenSeen";

/*
 * MUI's Tabs measure themselves as they mount and re-render three more times (the indicator, the
 * scrollbar's size, the scroll buttons), each cloning every tab with the same props: memoised, the
 * tabs skip those renders. On /home the commits after hydration re-rendered 433 components, now 258.
 */
const LibraryTab = memo(Tab) as typeof Tab;

const SEARCH_DELAY_MS = 300;
const ManageTagsDialog = lazy(() => import("./tags/ManageTagsDialog"));

/** The translation keys of each tab's state filters (query.ts's STATE_FILTERS). */
type StateFilterKey = {
  [Tab in keyof typeof STATE_FILTERS]: `stateFilters.${Tab}.${(typeof STATE_FILTERS)[Tab][number]}`;
}[keyof typeof STATE_FILTERS];

/** The library's place in the URL (?tab, ?course, ?state, ?q, ?tag, ?page), so a reload or a shared link keeps it. */
function useLibraryLocation(withFolders: boolean) {
  const [params, setParams] = usePageSearchParams();
  const update = (changes: Record<string, string | null>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace });
  };
  return { params, ...libraryLocation(params, withFolders), update };
}

function CountBadge({ value }: { value: number | undefined }) {
  return (
    <Box
      component="span"
      sx={{ ml: 1, px: 0.75, borderRadius: 1, bgcolor: "action.selected", color: "inherit", fontSize: "0.75rem", fontWeight: 600, minWidth: 20 }}
    >
      {value ?? "–"}
    </Box>
  );
}

/**
 * The search box: types freely, updates the URL (and the search) once typing pauses. In my own
 * library a `#` offers my tags (the browser's own suggestion list: nothing more to load), and a
 * search of just `#tag` lists that tag's items.
 */
function SearchBox({ value, onSearch, suggestTags }: { value: string; onSearch: (value: string) => void; suggestTags: boolean }) {
  const { t } = useTranslation("home");
  const listId = useId();
  const [text, setText] = useState(value);
  const hashed = suggestTags && text.trimStart().startsWith("#");
  const tags = useTags(hashed);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => latest.current(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <TextField
      type="search"
      label={t("search.label")}
      placeholder={t("search.placeholder")}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === "Enter") onSearch(text);
      }}
      size="small"
      sx={{ flex: "1 1 260px", maxWidth: 480 }}
      // The suggestion list stays attached for my own library, so the box keeps one role (a list makes
      // it a combobox) instead of changing it when a '#' is typed.
      slotProps={{ htmlInput: { maxLength: 200, list: suggestTags ? listId : undefined } }}
      helperText={
        suggestTags ? <datalist id={listId}>{hashed && tags.data?.results.map((tag) => <option key={tag.id} value={`#${tag.name}`} />)}</datalist> : undefined
      }
    />
  );
}

interface ResultsProps {
  query: LibraryQuery;
  owner: boolean;
  onPage: (page: number) => void;
  /** Lists my items with the tag chosen on a card. */
  onTag?: (tag: string) => void;
  emptyAction?: ReactNode;
}

/** Saved items as cards, with the owner's state control and actions. */
function ItemGrid({
  items,
  owner,
  label,
  dimmed,
  onTag,
}: {
  items: ContentItem[];
  owner: boolean;
  label: string;
  dimmed: boolean;
  onTag?: (tag: string) => void;
}) {
  const { t } = useTranslation("home");
  const message = useErrorMessage();
  const { move, loading } = useCourseMove();
  const moveItem: Parameters<typeof ContentActions>[0]["onMove"] = (item, to) =>
    move(
      { item, to },
      { onSuccess: () => toast(t(`courses.moved.${to}`, { title: item.title }), "success"), onError: (error) => toast(message(error), "error") },
    );
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={dimmed || undefined}
      sx={{
        listStyle: "none",
        m: 0,
        p: 0,
        display: "grid",
        gap: 1.5,
        gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "repeat(2, minmax(0, 1fr))" },
        opacity: dimmed ? 0.6 : 1,
        "& > li": renderNearScreen(120),
      }}
    >
      {items.map((item) => {
        const busy = loading.includes(item.id_primary);
        return (
          <ContentCard
            key={item.id_primary}
            item={item}
            busy={busy}
            showPrivate
            onTag={onTag}
            linkToPage={owner}
            stateControl={owner ? <ItemStateControl item={item} /> : undefined}
            actions={owner ? <ContentActions item={item} busy={busy} onMove={moveItem} /> : undefined}
          />
        );
      })}
    </Box>
  );
}

/** One page of the current tab's items, with pagination and an announcement of the count. */
function Results({ query, owner, onPage, onTag, emptyAction }: ResultsProps) {
  const { t } = useTranslation("home");
  const results = useContentSearch(query);

  if (results.isPending) {
    return <Loading label={t("list.loading")} py={6} />;
  }
  if (results.isError) {
    return <LoadFailed error={results.error} onRetry={() => void results.refetch()} />;
  }
  const { count, results: items } = results.data;
  const pages = Math.max(1, Math.ceil(count / CONTENT_PAGE_SIZE));
  const searching = query.search.trim() !== "" || Boolean(query.tag);
  return (
    <>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {searching
          ? t("list.matches", { count, search: [query.tag && `#${query.tag}`, query.search.trim()].filter(Boolean).join(" ") })
          : t("list.count", { count })}
      </Typography>
      {items.length === 0 ? (
        <EmptyState
          icon={searching ? <SearchOffOutlined /> : <ContentTypeIcon type={query.tab === "all" ? "article" : query.tab} />}
          title={searching ? t("list.noMatches") : t(`list.empty.${query.tab}`)}
          description={searching ? t("list.noMatchesHint") : owner ? t("list.emptyOwnerHint") : t("list.emptyColleagueHint")}
          action={searching ? undefined : emptyAction}
        />
      ) : (
        <ItemGrid items={items} owner={owner} label={t("list.label")} dimmed={results.isPlaceholderData} onTag={onTag} />
      )}
      <TablePager label={t("pagination.label")} count={count} page={Math.min(query.page, pages)} pageSize={CONTENT_PAGE_SIZE} onPage={onPage} />
    </>
  );
}

/**
 * The rest of a search, below its title matches: the items whose page's kept text alone holds the
 * words, with pages of their own. Nothing shows when there are none.
 */
function TextMatches({ query, owner, onTag }: { query: LibraryQuery; owner: boolean; onTag?: (tag: string) => void }) {
  const { t } = useTranslation("home");
  const headingId = useId();
  const [page, setPage] = useState(1);
  // Asked for once the page is in the browser: the server's first view carries the title matches only.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const results = useQuery({ ...contentSearchOptions({ ...query, page, inText: true }), enabled: hydrated });
  if (!results.data || results.data.count === 0) return null;
  const { count, results: items } = results.data;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: "1.125rem", fontWeight: 600, mb: 1.5 }}>
        {t("list.textMatches", { count, search: query.search.trim() })}
      </Typography>
      <ItemGrid items={items} owner={owner} label={t("list.textMatchesLabel")} dimmed={results.isPlaceholderData} onTag={onTag} />
      <TablePager label={t("list.textMatchesPages")} count={count} page={page} pageSize={CONTENT_PAGE_SIZE} onPage={setPage} />
    </Box>
  );
}

interface LibraryBrowserProps {
  /** Another person's public saves (read-only); my own library when left out. */
  username?: string;
  /** The folders UI, shown as the last tab (own library only). */
  folders?: ReactNode;
  /** Offered when a list is empty, e.g. the add-content button. */
  emptyAction?: ReactNode;
}

/** Saved content by type with counts (spec §3), search, filters by state (the spec's course lists on the courses tab) and pages of 8 (spec §9). */
export function LibraryBrowser({ username, folders, emptyAction }: LibraryBrowserProps) {
  const { t } = useTranslation("home");
  const baseId = useId();
  const location = useLibraryLocation(Boolean(folders));
  const { tab, course, state, search, tag, page, update } = location;
  const owner = username === undefined;
  const [managing, setManaging] = useState(false);
  // spec §3: the counts of the lists for the current search term (and my tag filter).
  const counts = useContentCounts(username, search, tag);
  const count = (key: TabCountKey) => counts.data?.[key];
  const tabCount = (tab: LibraryTab) => (counts.data ? TAB_COUNT[tab].reduce((sum, key) => sum + counts.data[key], 0) : undefined);

  return (
    <Box>
      {tab !== FOLDERS_TAB && (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center", mb: 2 }}>
          <SearchBox value={search} suggestTags={owner} onSearch={(value) => update({ q: value.trim(), page: null }, true)} />
          {owner && (
            <>
              <TagFilter value={tag} onChange={(next) => update({ tag: next ?? null, page: null })} />
              <Button size="small" onClick={() => setManaging(true)}>
                {t("tags.manage.open")}
              </Button>
            </>
          )}
        </Box>
      )}
      <Suspense fallback={null}>{managing && <ManageTagsDialog onClose={() => setManaging(false)} />}</Suspense>
      <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: TabValue) => update({ tab: value === "all" ? null : value, page: null, course: null, state: null })}
          aria-label={t("tabs.label")}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {LIBRARY_TABS.map((value) => (
            <LibraryTab
              key={value}
              value={value}
              id={`${baseId}-tab-${value}`}
              aria-controls={`${baseId}-panel`}
              label={
                <span>
                  {t(`tabs.${value}`)} <CountBadge value={tabCount(value)} />
                </span>
              }
            />
          ))}
          {folders && <LibraryTab value={FOLDERS_TAB} id={`${baseId}-tab-${FOLDERS_TAB}`} aria-controls={`${baseId}-panel`} label={t("tabs.folders")} />}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${tab}`}>
        {tab === FOLDERS_TAB ? (
          folders
        ) : (
          <>
            {tab === "course" && (
              <Box role="group" aria-label={t("courses.filterLabel")} sx={{ display: "flex", flexWrap: "wrap", gap: 1, mb: 2 }}>
                {COURSE_FILTERS.map((value) => (
                  <Button
                    key={value}
                    size="small"
                    variant={course === value ? "contained" : "outlined"}
                    aria-pressed={course === value}
                    onClick={() => update({ course: value === "all" ? null : value, page: null })}
                  >
                    {t(`courses.filters.${value}`)} <CountBadge value={count(COURSE_COUNT[value])} />
                  </Button>
                ))}
              </Box>
            )}
            {tab !== "course" && (
              <Box role="group" aria-label={t("stateFilters.label")} sx={{ display: "flex", flexWrap: "wrap", gap: 1, mb: 2 }}>
                {STATE_FILTERS[tab].map((value) => (
                  <Button
                    key={value}
                    size="small"
                    variant={state === value ? "contained" : "outlined"}
                    aria-pressed={state === value}
                    onClick={() => update({ state: value === "all" ? null : value, page: null })}
                  >
                    {t(`stateFilters.${tab}.${value}` as StateFilterKey)}{" "}
                    <CountBadge value={value === "all" ? tabCount(tab) : counts.data && stateCount(counts.data, tab, value)} />
                  </Button>
                ))}
              </Box>
            )}
            {/* Below a phone's first screen on /home: the list hydrates when seen or when the person acts. */}
            <HydrateWhenSeen>
              <Results
                query={{ username, tab, course, state, search, tag, page }}
                owner={owner}
                onPage={(next) => update({ page: next === 1 ? null : String(next) })}
                onTag={owner ? (next) => update({ tag: next, page: null }) : undefined}
                emptyAction={emptyAction}
              />
            </HydrateWhenSeen>
            {/* A tag filter lists title matches only: page texts are not searched within a tag. */}
            {search.trim() && !tag && (
              <TextMatches
                key={`${tab}:${course}:${state}:${search}`}
                query={{ username, tab, course, state, search, page: 1 }}
                owner={owner}
                onTag={owner ? (next) => update({ tag: next, page: null }) : undefined}
              />
            )}
          </>
        )}
      </Box>
    </Box>
  );
}
