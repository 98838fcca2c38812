import { useEffect, useEffectEvent, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import { useTranslation } from "react-i18next";
import type { ContentType, DiscoverFacets, FacetValue } from "@learnward/contracts";
import { useLibraryFormat } from "../library/format";
import { useDebounced } from "../../lib/useDebounced";
import { FILTERS, type DiscoverFilter, type FilterName } from "./params";

interface SearchFiltersProps {
  filter: DiscoverFilter;
  facets: DiscoverFacets | undefined;
  onSearch: (search: string) => void;
  onFilter: (name: FilterName, value: string) => void;
  onClear: () => void;
}

/** The search box (search as you type) and one select per filter, each option with its count. */
export function SearchFilters({ filter, facets, onSearch, onFilter, onClear }: SearchFiltersProps) {
  const { t } = useTranslation("discover");
  const format = useLibraryFormat();
  const [text, setText] = useState(filter.search);
  const settled = useDebounced(text, 300);
  // Only the typed text drives a search; the address changing (back, a suggestion) resets the box below
  // instead of searching again with the text typed before it.
  const searchTyped = useEffectEvent((typed: string) => {
    if (typed !== filter.search.trim()) onSearch(typed);
  });
  useEffect(() => {
    searchTyped(settled.trim());
  }, [settled]);
  useEffect(() => {
    setText((current) => (current.trim() === filter.search ? current : filter.search));
  }, [filter.search]);

  const label = (name: FilterName, value: string): string => {
    if (name === "type") return format.type(value as ContentType);
    if (name === "provider") return format.provider(value) ?? value;
    if (name === "duration") return t(`durations.${value as "under_15m"}`);
    if (name === "language") return t(`languages.${value as "en"}`);
    if (name === "kind") return t(`kinds.${value as "content"}`);
    return value;
  };
  const options = (name: FilterName): FacetValue[] => {
    const list = facets?.[name] ?? [];
    const current = filter[name];
    // The chosen value stays choosable even when nothing matches it any more.
    return current && !list.some((f) => f.value === current) ? [...list, { value: current, count: 0 }] : list;
  };
  const active = FILTERS.some((name) => filter[name]) || filter.search !== "";

  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
      sx={{ display: "flex", flexDirection: "column", gap: 2, mb: 3 }}
    >
      <TextField
        type="search"
        label={t("search.label")}
        placeholder={t("search.placeholder")}
        value={text}
        onChange={(event) => setText(event.target.value)}
        fullWidth
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined />
              </InputAdornment>
            ),
          },
          htmlInput: { maxLength: 200 },
        }}
      />
      <Box
        role="group"
        aria-label={t("filters.label")}
        sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(3, minmax(0, 1fr))", xl: "repeat(6, minmax(0, 1fr))" } }}
      >
        {FILTERS.map((name) => (
          <TextField
            key={name}
            select
            size="small"
            label={t(`filters.${name}`)}
            value={filter[name]}
            onChange={(event) => onFilter(name, event.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t("filters.any")}</option>
            {options(name).map((f) => (
              <option key={f.value} value={f.value}>
                {t("filters.option", { label: label(name, f.value), count: f.count })}
              </option>
            ))}
          </TextField>
        ))}
      </Box>
      {active && (
        <Box>
          <Button size="small" onClick={onClear}>
            {t("search.clear")}
          </Button>
        </Box>
      )}
    </Box>
  );
}
