import { useState } from "react";
import Autocomplete from "@mui/material/Autocomplete";
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

/** People of the company (a team leader gets their own team's), searched on the server. */
export function PeoplePicker({ value, onChange, error, enabled }: PickerProps<PersonOption> & { enabled: boolean }) {
  const { t } = useTranslation("network");
  const texts = useAutocompleteTexts();
  const [input, setInput] = useState("");
  const search = useDebounced(input);
  const employees = useEmployeeOptions(search, enabled);
  const options: PersonOption[] = (employees.data?.results ?? []).map((e) => ({ id: e.id, display_name: e.display_name, email: e.email }));
  return (
    <Autocomplete
      {...texts}
      multiple
      options={options}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next, reason) => reason !== "reset" && setInput(next)}
      filterOptions={(x) => x}
      filterSelectedOptions
      loading={employees.isFetching}
      getOptionLabel={(option) => option.display_name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
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
  const texts = useAutocompleteTexts();
  const [input, setInput] = useState("");
  const search = useDebounced(input);
  const teams = useTeamOptions(search, enabled);
  const options: TeamOption[] = (teams.data?.results ?? []).map((team) => ({ id: team.id, name: team.name }));
  return (
    <Autocomplete
      {...texts}
      multiple
      options={options}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next, reason) => reason !== "reset" && setInput(next)}
      filterOptions={(x) => x}
      filterSelectedOptions
      loading={teams.isFetching}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      renderInput={(params) => <TextField {...params} label={t("assign.teams")} helperText={t("assign.teamsHint")} />}
    />
  );
}

/** Published collections of the company (learning paths): only those can go into a plan. */
export function CollectionPicker({ value, onChange, error }: PickerProps<CollectionOption>) {
  const { t } = useTranslation("network");
  const texts = useAutocompleteTexts();
  const [input, setInput] = useState("");
  const [opened, setOpened] = useState(false);
  const search = useDebounced(input);
  const collections = useCollections({ scope: "library", search, pageSize: 20 }, opened);
  const options: CollectionOption[] = (collections.data?.results ?? []).map((c) => ({ id: c.id, title: c.title }));
  return (
    <Autocomplete
      {...texts}
      multiple
      options={options}
      value={value}
      onChange={(_event, next) => onChange(next)}
      onOpen={() => setOpened(true)}
      inputValue={input}
      onInputChange={(_event, next, reason) => reason !== "reset" && setInput(next)}
      filterOptions={(x) => x}
      filterSelectedOptions
      loading={collections.isFetching}
      getOptionLabel={(option) => option.title}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      renderInput={(params) => (
        <TextField {...params} label={t("assign.collections")} required error={Boolean(error)} helperText={error ?? t("assign.collectionsHint")} />
      )}
    />
  );
}
