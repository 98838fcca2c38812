import { useTranslation } from "react-i18next";
import type { CompanyRole } from "@learnward/contracts";
import { ASSIGNABLE_ROLES } from "./abilities";
import { RoleTextSelect } from "../../components/RoleTextSelect";
import { SearchSelect, type SearchSource } from "../../components/SearchSelect";
import type { Team } from "./api";
import { useTeam, useTeamMatches } from "./hooks";
import { useRoleLabel } from "./ui";

// Select fields the people dialogs share. Selects hold strings; "" means "none" or "all".

interface SelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  helperText?: string;
  size?: "small" | "medium";
  fullWidth?: boolean;
  /** The label of the "" choice; without it there is none. */
  emptyLabel?: string;
}

export function RoleSelect(props: SelectProps) {
  const roleLabel = useRoleLabel();
  return <RoleTextSelect<CompanyRole> {...props} roles={ASSIGNABLE_ROLES} roleLabel={roleLabel} />;
}

const teams: SearchSource<Team> = {
  useMatches: useTeamMatches,
  useOne: (id) => useTeam(id === null ? null : Number(id)),
  id: (team) => String(team.id),
  label: (team) => team.name,
};

/** A team of the company, found by name. */
export function TeamSelect(props: SelectProps) {
  const { t } = useTranslation("people");
  return <SearchSelect {...props} source={teams} unavailable={t("teamsUnavailable")} />;
}
