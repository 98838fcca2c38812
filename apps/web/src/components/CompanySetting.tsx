import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { CompanySettingSection } from "./CompanySettingSection";
import { SettingsCard } from "./SettingsCard";

/** Whose setting a body edits: the signed-in person's own company, or the one a platform admin opened. */
export type SettingOwner = { companyId?: number };

/**
 * A company setting in either of its places: with `headingId` (the id the page links to), hr's card
 * on the Settings page; with `companyId`, a section of that company's details for the
 * platform admin. Both hold the same body and read their heading and description from `texts`.
 */
export function CompanySetting({
  texts,
  Body,
  ...place
}: {
  texts: "sso" | "saml" | "chatHooks" | "scim";
  Body: ComponentType<{ owner: SettingOwner }>;
} & ({ headingId: string } | { companyId: number })) {
  const { t } = useTranslation("settings");
  const heading = t(`${texts}.heading`);
  const description = t(`${texts}.description`);
  if ("headingId" in place)
    return (
      <SettingsCard headingId={place.headingId} heading={heading} description={description}>
        <Body owner={{}} />
      </SettingsCard>
    );
  return (
    <CompanySettingSection heading={heading} description={description}>
      <Body owner={{ companyId: place.companyId }} />
    </CompanySettingSection>
  );
}
