import { lazy, Suspense, type ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { LAYOUT, type Me } from "@learnward/contracts";
import { PRODUCT_NAME } from "../config";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { UserMenu } from "./UserMenu";
import { ProductLogo } from "./ProductLogo";
import { mustSetUpTwoFactor } from "../../features/identity/hooks";
import { AfterHydration } from "../renderHints";

interface TopBarProps {
  me: Me | null;
  /** Controls before the brand: the drawer toggle and the back button. */
  start?: ReactNode;
  /** Controls before the language switcher: the help button. */
  actions?: ReactNode;
  hideLogin?: boolean;
  /** Hide the product name on narrow screens, where the drawer toggle needs the room. */
  compactBrand?: boolean;
}

// The bell loads on its own, after the page: public pages (the /login budget) never fetch its code,
// and the server render (one pass, no lazy code) leaves it out; it appears once the page is hydrated.
const NotificationBell = lazy(() => import("../../features/notifications/NotificationBell").then((m) => ({ default: m.NotificationBell })));

/** spec §2: sticky top bar, height 75. */
export function TopBar({ me, start, actions, hideLogin, compactBrand = false }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="header"
      sx={{
        position: "sticky",
        top: 0,
        // Under temporary drawers and dialogs, so the onboarding panel and the mobile menu cover it.
        zIndex: "appBar",
        height: LAYOUT.headerHeight,
        display: "flex",
        alignItems: "center",
        gap: { xs: 0.5, sm: 1 },
        px: { xs: 1, sm: 2 },
        bgcolor: "background.paper",
        borderBottom: 1,
        borderColor: "divider",
      }}
    >
      {start}
      <Box
        component={RouterLink}
        to="/"
        aria-label={t("topBar.homeLink", { name: PRODUCT_NAME })}
        sx={{ display: "flex", alignItems: "center", gap: 1, color: "inherit", textDecoration: "none", minWidth: 0 }}
      >
        <ProductLogo size={32} />
        <Typography component="span" sx={{ fontWeight: 700, fontSize: 20, display: compactBrand ? { xs: "none", sm: "inline" } : "inline" }}>
          {PRODUCT_NAME}
        </Typography>
      </Box>
      <Box sx={{ flex: 1 }} />
      {/* The server answers nothing else until a required second factor is set up. */}
      {me && !mustSetUpTwoFactor(me) && (
        <AfterHydration>
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        </AfterHydration>
      )}
      {actions}
      <LanguageSwitcher />
      <UserMenu me={me} hideLogin={hideLogin} />
    </Box>
  );
}
