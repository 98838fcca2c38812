import { useState, type ReactNode } from "react";
import Autocomplete, { type AutocompleteProps, type AutocompleteRenderInputParams } from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { CollectionOption, PersonOption, TeamOption } from "./assignPlanForm";
import { useCollections } from "./hooks";
import { useAutocompleteTexts } from "../../components/autocompleteTexts";
import { useEmployeeOptions, useTeamOptions } from "./planHooks";
import { useDebounced } from "../../lib/useDebounced";

// The assign-plan dialog's pickers: people, teams and published collections, searched on the server.

interface PickerProps<T> {
  value: T[];
  onChange: (value: T[]) => void;
  error?: string;
}

interface ServerPickerProps<T extends { id: number }> {
  value: T[];
  onChange: (value: T[]) => void;
  /** What is typed: the picker's owner searches the server for it (useTyped). */
  typed: { input: string; setInput: (input: string) => void };
  /** The server's matches of what is typed, already chosen ones left out of the menu. */
  options: T[];
  loading: boolean;
  optionLabel: (option: T) => string;
  renderOption?: AutocompleteProps<T, true, false, false>["renderOption"];
  onOpen?: () => void;
  renderInput: (params: AutocompleteRenderInputParams) => ReactNode;
}

/** What is typed in a picker, and the same debounced, for the server's search. */
function useTyped() {
  const [input, setInput] = useState("");
  const search = useDebounced(input);
  return { typed: { input, setInput }, search };
}

/** Several of a list searched on the server: the menu shows the server's matches as they are. */
function ServerPicker<T extends { id: number }>({
  value,
  onChange,
  typed,
  options,
  loading,
  optionLabel,
  renderOption,
  onOpen,
  renderInput,
}: ServerPickerProps<T>) {
  const texts = useAutocompleteTexts();
  return (
    <Autocomplete
      {...texts}
      multiple
      options={options}
      value={value}
      onChange={(_event, next) => onChange(next)}
      onOpen={onOpen}
      inputValue={typed.input}
      onInputChange={(_event, next, reason) => reason !== "reset" && typed.setInput(next)}
      filterOptions={(x) => x}
      filterSelectedOptions
      loading={loading}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      renderOption={renderOption}
      renderInput={renderInput}
    />
  );
}

/** People of the company (a team leader gets their own team's), searched on the server. */
export function PeoplePicker({ value, onChange, error, enabled }: PickerProps<PersonOption> & { enabled: boolean }) {
  const { t } = useTranslation("network");
  const { typed, search } = useTyped();
  const employees = useEmployeeOptions(search, enabled);
  const options: PersonOption[] = (employees.data?.results ?? []).map((e) => ({ id: e.id, display_name: e.display_name, email: e.email }));
  return (
    <ServerPicker
      value={value}
      onChange={onChange}
      typed={typed}
      options={options}
      loading={employees.isFetching}
      optionLabel={(option) => option.display_name}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <Box>
              <Typography>{option.display_name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {option.email}
              </Typography>
            </Box>
          </li>
        );
      }}
      renderInput={(params) => <TextField {...params} label={t("assign.people")} error={Boolean(error)} helperText={error ?? t("assign.peopleHint")} />}
    />
  );
}

export function TeamPicker({ value, onChange, enabled }: PickerProps<TeamOption> & { enabled: boolean }) {
  const { t } = useTranslation("network");
  const { typed, search } = useTyped();
  const teams = useTeamOptions(search, enabled);
  const options: TeamOption[] = (teams.data?.results ?? []).map((team) => ({ id: team.id, name: team.name }));
  return (
    <ServerPicker
      value={value}
      onChange={onChange}
      typed={typed}
      options={options}
      loading={teams.isFetching}
      optionLabel={(option) => option.name}
      renderInput={(params) => <TextField {...params} label={t("assign.teams")} helperText={t("assign.teamsHint")} />}
    />
  );
}

/** Published collections of the company (learning paths): only those can go into a plan. */
export function CollectionPicker({ value, onChange, error }: PickerProps<CollectionOption>) {
  const { t } = useTranslation("network");
  const { typed, search } = useTyped();
  const [opened, setOpened] = useState(false);
  const collections = useCollections({ scope: "library", search, pageSize: 20 }, opened);
  const options: CollectionOption[] = (collections.data?.results ?? []).map((c) => ({ id: c.id, title: c.title }));
  return (
    <ServerPicker
      value={value}
      onChange={onChange}
      onOpen={() => setOpened(true)}
      typed={typed}
      options={options}
      loading={collections.isFetching}
      optionLabel={(option) => option.title}
      renderInput={(params) => (
        <TextField {...params} label={t("assign.collections")} required error={Boolean(error)} helperText={error ?? t("assign.collectionsHint")} />
      )}
    />
  );
}
