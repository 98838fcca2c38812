import { lazy, Suspense, useEffect, useState } from "react";
import { needsConsent, readIntegrations } from "./config";
import { useConsentAskedAgain, useConsentChoice } from "./consent";
import { useHydrated } from "./renderHints";
import { loadThirdParties } from "./thirdParty";

// Its code loads only where a chat widget or a tag manager is configured and the question is open.
const ConsentBanner = lazy(() => import("../components/ConsentBanner"));

/**
 * spec §1: the chat widget and the tag manager, when configured, load only after the visitor has
 * accepted analytics cookies; until they answer (or when they ask to change it) the banner asks.
 * Nothing of it is on the server's render: the browser decides once it has the page.
 */
export function SiteIntegrations() {
  const hydrated = useHydrated();
  const [integrations] = useState(readIntegrations);
  const choice = useConsentChoice();
  const askedAgain = useConsentAskedAgain();
  const wanted = needsConsent(integrations);

  useEffect(() => {
    if (wanted && choice === "accepted") loadThirdParties(integrations);
  }, [wanted, choice, integrations]);

  if (!hydrated || !wanted || (choice !== null && !askedAgain)) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner integrations={integrations} focus={askedAgain} />
    </Suspense>
  );
}
