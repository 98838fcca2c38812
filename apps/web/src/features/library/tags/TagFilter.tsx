import { useState } from "react";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { useTags } from "./hooks";

const ALL = "";

/**
 * Lists only my items with one of my tags. My tags are asked for when the menu first opens, so the
 * library's first load makes no call of its own for them; the tag in the address shows before that.
 */
export function TagFilter({ value, onChange }: { value: string | undefined; onChange: (tag: string | undefined) => void }) {
  const { t } = useTranslation("home");
  const [opened, setOpened] = useState(false);
  const tags = useTags(opened);
  const names = tags.data?.results.map((tag) => tag.name) ?? [];
  const current = value ?? ALL;
  // The tag of the address, until (or unless) my tags say otherwise: a select shows only values it lists.
  const listed = value && !names.some((name) => name === value) ? [value, ...names] : names;
  return (
    <TextField
      select
      size="small"
      label={t("tags.filterLabel")}
      value={current}
      onChange={(event) => onChange(event.target.value || undefined)}
      slotProps={{ select: { onOpen: () => setOpened(true) } }}
      sx={{ minWidth: 180, maxWidth: 280 }}
    >
      <MenuItem value={ALL}>{t("tags.filterAll")}</MenuItem>
      {listed.map((name) => (
        <MenuItem key={name} value={name}>
          #{name}
        </MenuItem>
      ))}
      {opened && tags.isPending && (
        <MenuItem disabled value="__loading">
          {t("tags.loading")}
        </MenuItem>
      )}
    </TextField>
  );
}
