import { useState } from "react";
import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { useEmployees } from "./hooks";
import { useDebounced } from "./ui";

export interface PersonOption {
  id: number;
  display_name: string;
  email: string;
}

interface EmployeePickerProps {
  label: string;
  value: PersonOption | null;
  onChange: (value: PersonOption | null) => void;
  helperText?: string;
}

/** Picks an active employee by name or email, asking the server as the person types. */
export function EmployeePicker({ label, value, onChange, helperText }: EmployeePickerProps) {
  const { t } = useTranslation("people");
  const [input, setInput] = useState("");
  const search = useDebounced(input.trim());
  const employees = useEmployees({ search, status: "active", ordering: "name", sort: "asc", page: 1, page_size: 10 });
  const options: PersonOption[] = (employees.data?.results ?? []).map(({ id, display_name, email }) => ({ id, display_name, email }));

  return (
    <Autocomplete
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={value && !options.some((option) => option.id === value.id) ? [value, ...options] : options}
      // The server already filtered by what was typed.
      filterOptions={(all) => all}
      getOptionLabel={(option) => `${option.display_name} (${option.email})`}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={employees.isFetching}
      loadingText={t("picker.loading")}
      noOptionsText={t("picker.none")}
      clearText={t("picker.clear")}
      openText={t("picker.open")}
      closeText={t("picker.close")}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  );
}
