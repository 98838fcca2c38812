import { useMemo, useState } from "react";
import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { useAutocompleteTexts } from "./autocompleteTexts";
import { useDebounced } from "../lib/useDebounced";

/** How many matches the menu shows: type to find the rest. */
export const SEARCH_SELECT_MATCHES = 20;

/**
 * Where a SearchSelect finds its choices, as query hooks (called in the same order on every render):
 * the first matches of what was typed, asked for once the menu has opened, and one by id, to name a
 * value chosen elsewhere.
 */
export interface SearchSource<T> {
  useMatches: (search: string, enabled: boolean) => { data?: T[]; isFetching: boolean; isError: boolean };
  useOne: (id: string | null) => { data?: T };
  id: (option: T) => string;
  label: (option: T) => string;
}

export interface SearchSelectProps {
  label: string;
  /** An id, or "" for the empty choice. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  helperText?: string;
  error?: boolean;
  size?: "small" | "medium";
  /** The name of the "" choice ("All companies", "No team"); without it, one must be chosen. */
  emptyLabel?: string;
  fullWidth?: boolean;
  sx?: object;
}

interface Choice {
  id: string;
  label: string;
}

/**
 * A choice among a list that grows (companies, teams): the first matches of what is typed, searched
 * on the server, instead of every item fetched for a menu.
 */
export function SearchSelect<T>({
  source,
  unavailable,
  label,
  value,
  onChange,
  disabled,
  helperText,
  error,
  size,
  emptyLabel,
  fullWidth = true,
  sx,
}: SearchSelectProps & { source: SearchSource<T>; unavailable: string }) {
  const texts = useAutocompleteTexts();
  const [opened, setOpened] = useState(false);
  const [input, setInput] = useState<string | null>(null);
  const search = useDebounced(input ?? "");
  // The last choice made here: its name stays known whatever the menu shows now.
  const [picked, setPicked] = useState<Choice | null>(null);
  const matches = source.useMatches(search, opened && !disabled);
  const choices = (matches.data ?? []).map((option) => ({ id: source.id(option), label: source.label(option) }));
  // A value chosen elsewhere (an account's company in its edit dialog) is named by asking for it.
  const one = source.useOne(value !== "" && picked?.id !== value ? value : null);
  const name = picked?.id === value ? picked.label : one.data ? source.label(one.data) : "";
  // One object while it stays the same choice: Autocomplete resets what is typed when its value changes.
  const empty = useMemo(() => (emptyLabel === undefined ? null : { id: "", label: emptyLabel }), [emptyLabel]);
  const chosen = useMemo(() => (value === "" ? empty : { id: value, label: name }), [value, name, empty]);
  // The empty choice heads the unsearched list.
  const options = empty && search === "" ? [empty, ...choices] : choices;
  return (
    <Autocomplete
      {...texts}
      options={options}
      value={chosen}
      onChange={(_event, next) => {
        setPicked(next);
        onChange(next?.id ?? "");
      }}
      onOpen={() => setOpened(true)}
      inputValue={input ?? chosen?.label ?? ""}
      // What is typed searches; the chosen one's name shown again after a choice does not.
      onInputChange={(_event, next, reason) => setInput(reason === "input" ? next : null)}
      filterOptions={(x) => x}
      loading={matches.isFetching}
      getOptionLabel={(choice) => choice.label}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      disableClearable={empty === null}
      disabled={disabled}
      size={size}
      fullWidth={fullWidth}
      sx={sx}
      renderInput={(params) => <TextField {...params} label={label} error={error || matches.isError} helperText={matches.isError ? unavailable : helperText} />}
    />
  );
}
