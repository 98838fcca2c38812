import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { useTranslation } from "react-i18next";
import type { InsightBucket, Insights, InsightScope, InsightTime } from "@learnward/contracts";
import { BUCKETS, TIMES, type InsightFilters } from "./filters";

interface InsightsFiltersProps {
  filters: InsightFilters;
  /** The scope and team the server answered for (the default when the URL names none). */
  shown: Pick<Insights, "scope" | "team" | "abilities"> | undefined;
  /** The filters that change; the others stay as the address bar has them. */
  onChange: (patch: Partial<InsightFilters>) => void;
}

/** Scope (and team), period and step; each change goes to the URL. */
export function InsightsFilters({ filters, shown, onChange }: InsightsFiltersProps) {
  const { t } = useTranslation("insights");
  const scopes = shown?.abilities.scopes ?? [];
  const teams = shown?.abilities.teams ?? [];
  const scope = filters.scope ?? shown?.scope;
  const team = filters.team ?? shown?.team?.id;
  const pickScope = (next: InsightScope) => onChange({ scope: next, team: next === "team" ? (shown?.team?.id ?? teams[0]?.id) : undefined });
  return (
    <Box role="group" aria-label={t("filters.label")} sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center", mb: 3 }}>
      {scopes.length > 1 && scope && (
        <TextField
          select
          size="small"
          label={t("filters.scope")}
          value={scope}
          onChange={(e) => pickScope(e.target.value as InsightScope)}
          sx={{ minWidth: 140 }}
        >
          {scopes.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`filters.scopes.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {scope === "team" && teams.length > 1 && team !== undefined && (
        <TextField
          select
          size="small"
          label={t("filters.team")}
          value={team}
          onChange={(e) => onChange({ scope: "team", team: Number(e.target.value) })}
          sx={{ minWidth: 180 }}
        >
          {teams.map((x) => (
            <MenuItem key={x.id} value={x.id}>
              {x.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <ToggleButtonGroup
        size="small"
        exclusive
        value={filters.time}
        onChange={(_, next: InsightTime | null) => next && onChange({ time: next })}
        aria-label={t("filters.time")}
      >
        {TIMES.map((time) => (
          <ToggleButton key={time} value={time}>
            {t(`filters.times.${time}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={filters.bucket}
        onChange={(_, next: InsightBucket | null) => next && onChange({ bucket: next })}
        aria-label={t("filters.bucket")}
      >
        {BUCKETS.map((bucket) => (
          <ToggleButton key={bucket} value={bucket}>
            {t(`filters.buckets.${bucket}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
