import { lazy, Suspense, type ReactNode } from "react";
import Box from "@mui/material/Box";
import { TextLink } from "../../components/TextLink";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { LAYOUT } from "@learnward/contracts";
import { needsConsent, PRODUCT_NAME, readIntegrations } from "../config";
import { lazyPart } from "../lazyPart";
import { useHydrated } from "../renderHints";

// The brands' icons are most of the footer's code and below the fold on a phone: a part of their own,
// which the server still draws and the browser loads beside the page's code, out of every first load.
const SocialLinks = lazyPart("footer.social", () => import("./SocialLinks"));

// The consent question and what it lets in: their code loads only where a chat widget or a tag
// manager is configured (spec §1), so that the first load of every other install carries none of it.
const SiteIntegrations = lazy(() => import("../ConsentParts").then((parts) => ({ default: parts.SiteIntegrations })));
const CookieSettings = lazy(() => import("../ConsentParts").then((parts) => ({ default: parts.CookieSettings })));

/**
 * What only a page that asks for consent shows: in the browser alone (the server's render cannot
 * know), once it has the page. A leaf of its own: the re-render that ends hydration is synchronous,
 * and it draws this alone rather than the whole footer.
 */
function IfAsksConsent({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return hydrated && needsConsent(readIntegrations()) ? children : null;
}

/** spec §1/§9: company name, privacy and terms links, social links; content max width 1260. */
export function Footer({ companyName }: { companyName: string | null }) {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: "divider", bgcolor: "background.paper", mt: "auto" }}>
      <Box
        sx={{
          maxWidth: LAYOUT.footerMaxWidth,
          mx: "auto",
          px: { xs: 2, sm: 3 },
          py: 2,
          display: "flex",
          flexWrap: "wrap",
          alignItems: "center",
          columnGap: 3,
          rowGap: 1,
        }}
      >
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} {companyName ?? PRODUCT_NAME}
        </Typography>
        <Box component="nav" aria-label={t("footer.legal")} sx={{ display: "flex", gap: 2 }}>
          <TextLink to="/privacy" sx={{ color: "text.secondary", typography: "body2" }}>
            {t("footer.privacy")}
          </TextLink>
          <TextLink to="/terms" sx={{ color: "text.secondary", typography: "body2" }}>
            {t("footer.terms")}
          </TextLink>
          <IfAsksConsent>
            <Suspense fallback={null}>
              <CookieSettings />
            </Suspense>
          </IfAsksConsent>
        </Box>
        <Box sx={{ flex: 1 }} />
        {/* As tall as its icon buttons while their code loads: the footer keeps its height. */}
        <Box component="nav" aria-label={t("footer.social")} sx={{ display: "flex", gap: 0.5, minHeight: 34 }}>
          <Suspense fallback={null}>
            <SocialLinks />
          </Suspense>
        </Box>
      </Box>
      {/* Every page's footer: the consent question and the scripts it lets in (spec §1). */}
      <IfAsksConsent>
        <Suspense fallback={null}>
          <SiteIntegrations />
        </Suspense>
      </IfAsksConsent>
    </Box>
  );
}
