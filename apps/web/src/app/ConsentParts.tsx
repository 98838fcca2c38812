import { lazy, Suspense, useEffect, useState } from "react";
import { styled } from "@mui/material/styles";
import { useTranslation } from "react-i18next";
import { loadNamespaces } from "../i18n";
import { readIntegrations } from "./config";
import { askConsentAgain, useConsentAskedAgain, useConsentChoice } from "./consent";
import { loadThirdParties } from "./thirdParty";

// The question's own code and words load only while it is asked.
const ConsentBanner = lazy(() => Promise.all([import("../components/ConsentBanner"), loadNamespaces(["shell"])]).then(([banner]) => banner));

/**
 * spec §1: the chat widget and the tag manager, when configured, load only after the visitor has
 * accepted analytics cookies; until they answer (or when they ask to change it) the banner asks.
 * Loaded by the footer only where one of them is configured, once the browser has the page.
 */
export function SiteIntegrations() {
  const [integrations] = useState(readIntegrations);
  const choice = useConsentChoice();
  const askedAgain = useConsentAskedAgain();

  useEffect(() => {
    if (choice === "accepted") loadThirdParties(integrations);
  }, [choice, integrations]);

  if (choice !== null && !askedAgain) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner integrations={integrations} focus={askedAgain} />
    </Suspense>
  );
}

/** A button that looks like the footer's links. */
const LinkButton = styled("button")(({ theme }) => ({
  ...theme.typography.body2,
  color: theme.palette.text.secondary,
  background: "none",
  border: 0,
  padding: 0,
  cursor: "pointer",
  textDecoration: "underline",
  textUnderlineOffset: 2,
  "&:hover": { textDecorationThickness: 2 },
}));

/** "Cookie settings" in the footer: asks the question again, to change the answer. */
export function CookieSettings() {
  const { t } = useTranslation();
  return (
    <LinkButton type="button" onClick={askConsentAgain}>
      {t("footer.cookieSettings")}
    </LinkButton>
  );
}
