import { useTranslation } from "react-i18next";
import { Role } from "@learnward/contracts";
import { RoleTextSelect } from "../../components/RoleTextSelect";
import { SearchSelect, type SearchSelectProps, type SearchSource } from "../../components/SearchSelect";
import type { AdminCompany, OpenInvitation } from "./api";
import { useCompany, useCompanyMatches, useInvitationMatches } from "./hooks";
import { useRoleLabel } from "./ui";

// Selects hold strings; "" means "all" (filters) or "none" (a platform operator's company).

type SelectProps = SearchSelectProps;

const companies: SearchSource<AdminCompany> = {
  useMatches: useCompanyMatches,
  useOne: (id) => useCompany(id === null ? null : Number(id)),
  id: (company) => String(company.id),
  label: (company) => `${company.name} (${company.domain})`,
};

/** Any company of the platform, found by name or domain: the platform's companies are many. */
export function CompanySelect(props: SelectProps) {
  const { t } = useTranslation("admin");
  return <SearchSelect {...props} source={companies} unavailable={t("companiesUnavailable")} />;
}

/** Any role, platform operator included. */
export function AnyRoleSelect({ label, value, onChange, disabled, helperText, size, emptyLabel, sx }: SelectProps) {
  const roleLabel = useRoleLabel();
  return (
    <RoleTextSelect
      label={label}
      value={value}
      onChange={onChange}
      roles={Role.options}
      roleLabel={roleLabel}
      disabled={disabled}
      helperText={helperText}
      size={size}
      sx={sx}
      emptyLabel={emptyLabel}
      showEmpty
    />
  );
}

/** An open invitation of any company (expired ones too), found by its address: what a fresh link goes to. */
export function InvitationSelect(props: SelectProps) {
  const { t } = useTranslation("admin");
  const source: SearchSource<OpenInvitation> = {
    useMatches: useInvitationMatches,
    // Chosen here only, so the picker already knows its name.
    useOne: () => ({}),
    id: (invitation) => String(invitation.id),
    label: (invitation) =>
      t(invitation.status === "expired" ? "people.resend.optionExpired" : "people.resend.option", {
        email: invitation.email,
        company: invitation.company.name,
      }),
  };
  return <SearchSelect {...props} source={source} unavailable={t("people.resend.unavailable")} />;
}
