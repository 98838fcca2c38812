import { useEffect, useState } from "react";
import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { ITEM_TAGS_MAX, normalizeTagName, TAG_NAME_MAX } from "@learnward/contracts";
import { useAutocompleteTexts } from "../../../components/autocompleteTexts";
import { useErrorMessage } from "../../../i18n/useErrorMessage";
import { toast } from "../../../lib/toast";
import { useSetItemTags, useTagSuggestions } from "./hooks";

/** Names as the server keeps them, once each whatever their case, at most ITEM_TAGS_MAX. */
function cleaned(names: readonly string[]) {
  const byKey = new Map<string, string>();
  for (const raw of names) {
    const name = normalizeTagName(raw).slice(0, TAG_NAME_MAX).trim();
    if (name && !byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
  }
  return [...byKey.values()].slice(0, ITEM_TAGS_MAX);
}

/**
 * The tags of one of my saved items, edited in place: type a name and press Enter (or pick a
 * suggestion: my tags first, then the company catalog's skills); each change is saved at once
 * (PUT /api/contentuser/{id}/tags) and put back if the server refuses it.
 */
export function ItemTags({ itemId, tags }: { itemId: number; tags: string[] }) {
  const { t } = useTranslation("home");
  const texts = useAutocompleteTexts();
  const message = useErrorMessage();
  const [value, setValue] = useState(tags);
  const [input, setInput] = useState("");
  const [open, setOpen] = useState(false);
  const suggestions = useTagSuggestions(input, open);
  const save = useSetItemTags();
  const tagsKey = tags.join("\n");
  // A new answer from the server (another list, another tab) wins over what was shown.
  useEffect(() => setValue(tagsKey ? tagsKey.split("\n") : []), [tagsKey]);

  const taken = new Set(value.map((name) => name.toLowerCase()));
  const offered = (suggestions.data?.results ?? []).filter((s) => !taken.has(s.name.toLowerCase()));
  const sourceOf = new Map(offered.map((s) => [s.name, s.source]));

  const change = (next: string[]) => {
    const wanted = cleaned(next);
    const before = value;
    setValue(wanted);
    setInput("");
    save.mutate(
      { itemId, tags: wanted },
      {
        onSuccess: (answer) => setValue(answer.tags),
        onError: (error) => {
          setValue(before);
          toast(message(error), "error");
        },
      },
    );
  };

  return (
    <Autocomplete
      {...texts}
      multiple
      freeSolo
      autoHighlight={false}
      filterSelectedOptions
      options={offered.map((s) => s.name)}
      // The server has matched what was typed already.
      filterOptions={(options) => options}
      groupBy={(name) => t(sourceOf.get(name) === "skill" ? "tags.fromSkills" : "tags.fromMine")}
      value={value}
      inputValue={input}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onInputChange={(_event, next, reason) => {
        // A comma ends a tag, as in most tag editors.
        if (reason === "input" && next.endsWith(",") && next.slice(0, -1).trim()) change([...value, next.slice(0, -1)]);
        else setInput(next);
      }}
      onChange={(_event, next) => change(next)}
      loading={suggestions.isFetching}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t("tags.label")}
          placeholder={value.length ? undefined : t("tags.placeholder")}
          helperText={t("tags.help", { max: ITEM_TAGS_MAX })}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps?.htmlInput, maxLength: TAG_NAME_MAX } }}
        />
      )}
    />
  );
}
