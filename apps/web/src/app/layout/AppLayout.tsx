import { lazy, useEffect, useId, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Badge from "@mui/material/Badge";
import Tooltip from "@mui/material/Tooltip";
import MenuIcon from "@mui/icons-material/Menu";
import MenuOpen from "@mui/icons-material/MenuOpen";
import ArrowBack from "@mui/icons-material/ArrowBack";
import HelpOutlined from "@mui/icons-material/HelpOutlined";
import { useTranslation } from "react-i18next";
import { LAYOUT } from "@learnward/contracts";
import { useOnboardingEntries } from "../../features/onboarding/hooks";
import { RequireAuth, useMe } from "../session";
import { MOBILE_QUERY } from "../theme";
import { backTargetFor } from "../routeHandle";
import { TopBar } from "./TopBar";
import { SideDrawer, DRAWER_ID } from "./SideDrawer";
import { OnboardingDrawer, firstWeekDaysLeft } from "./OnboardingDrawer";
import { GuidedTour, RedoProvider } from "../../features/onboarding/redo";
import { onboardingProgress } from "../../features/onboarding/progress";
import { takeFirstOnboardingVisit } from "../../features/onboarding/firstVisit";
import { Footer } from "./Footer";
import { SkipLink, MAIN_CONTENT_ID } from "./SkipLink";
import { PageOutlet } from "./PageOutlet";
import { useCookieBoolean, useScreenQuery } from "../renderHints";
import { mustSetUpTwoFactor } from "../../features/identity/hooks";
import { loadNamespaces } from "../../i18n";
import { PublicLayout } from "./PublicLayout";

// Loaded (with its words) only for someone who must set up a second factor first.
const TwoFactorRequiredPage = lazy(() => Promise.all([import("../../routes/auth/TwoFactorRequiredPage"), loadNamespaces(["security"])]).then(([page]) => page));

/** The optional back button: shown when the current route names where "back" leads. */
function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const backTo = backTargetFor(pathname);
  if (!backTo) return null;
  const goBack = () => {
    // Go back in history when the user came from inside the app, otherwise to the route's parent.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(backTo);
  };
  return (
    <Tooltip title={t("topBar.back")}>
      <IconButton aria-label={t("topBar.back")} onClick={goBack}>
        <ArrowBack />
      </IconButton>
    </Tooltip>
  );
}

function Shell({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const me = useMe();
  const { pathname } = useLocation();
  const mobile = useScreenQuery(MOBILE_QUERY);
  const [collapsed, setCollapsed] = useCookieBoolean("learnward_drawer_collapsed", false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [onboardingOpen, setOnboardingOpen] = useState(false);
  // spec §4: the panel is for accounts created within the last 7 days: flag the help button then,
  // and after them neither load nor offer it.
  const firstWeek = firstWeekDaysLeft(me.account.created_at) > 0;
  const onboarding = useOnboardingEntries(firstWeek);
  const openOnboarding = () => {
    setOnboardingOpen(true);
    // The server records steps as people act: show the latest (spec §4: posting reloads progress).
    void onboarding.refetch();
  };
  const onboardingDone = onboarding.data ? onboardingProgress(me.account.role, me.account.team?.id ?? null, onboarding.data.results).complete : false;
  const helpUnavailableId = useId();

  // The first visit of the first week opens the panel by itself, once (remembered per account),
  // when its steps have loaded and some are left to do.
  useEffect(() => {
    if (firstWeek && onboarding.isSuccess && !onboardingDone && takeFirstOnboardingVisit(me.account.uid)) setOnboardingOpen(true);
  }, [firstWeek, onboarding.isSuccess, onboardingDone, me.account.uid]);

  useEffect(() => {
    setMobileOpen(false);
  }, [pathname, mobile]);

  const drawerExpanded = mobile ? mobileOpen : !collapsed;
  const toggleLabel = mobile ? t("nav.open") : collapsed ? t("nav.expand") : t("nav.collapse");

  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <SkipLink />
      <TopBar
        me={me}
        compactBrand
        start={
          <>
            <Tooltip title={toggleLabel}>
              <IconButton
                aria-label={toggleLabel}
                aria-controls={DRAWER_ID}
                aria-expanded={drawerExpanded}
                onClick={() => (mobile ? setMobileOpen(true) : setCollapsed(!collapsed))}
              >
                {drawerExpanded ? <MenuOpen /> : <MenuIcon />}
              </IconButton>
            </Tooltip>
            <BackButton />
          </>
        }
        actions={
          <Tooltip title={firstWeek ? t("topBar.help") : t("topBar.helpUnavailable")}>
            {/* The span keeps the tooltip working while the button is disabled. */}
            <span>
              <IconButton
                aria-label={t("topBar.help")}
                aria-haspopup="dialog"
                aria-describedby={firstWeek ? undefined : helpUnavailableId}
                disabled={onboarding.isLoading || !firstWeek}
                onClick={openOnboarding}
              >
                <Badge variant="dot" color="secondary" invisible={!firstWeek} overlap="circular">
                  <HelpOutlined />
                </Badge>
              </IconButton>
              {!firstWeek && (
                <Box component="span" id={helpUnavailableId} hidden>
                  {t("topBar.helpUnavailable")}
                </Box>
              )}
            </span>
          </Tooltip>
        }
      />
      <Box sx={{ display: "flex", flex: 1, minHeight: 0 }}>
        <SideDrawer me={me} pathname={pathname} mobile={mobile} collapsed={collapsed} mobileOpen={mobileOpen} onMobileClose={() => setMobileOpen(false)} />
        <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
          <Box
            component="main"
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            // At least a screen under the top bar: the footer starts below the fold, so a page growing
            // as its data arrives never pushes it across the screen (Lighthouse layout shift).
            sx={{
              flex: 1,
              width: "100%",
              maxWidth: LAYOUT.footerMaxWidth,
              minHeight: `calc(100vh - ${LAYOUT.headerHeight}px)`,
              mx: "auto",
              px: { xs: 2, sm: 3 },
              py: { xs: 3, sm: 4 },
              outline: "none",
            }}
          >
            <PageOutlet>{children}</PageOutlet>
          </Box>
          <Footer companyName={me.company?.name ?? null} />
        </Box>
      </Box>
      <OnboardingDrawer
        open={onboardingOpen}
        onClose={() => setOnboardingOpen(false)}
        entries={onboarding.data?.results ?? []}
        failed={onboarding.isError}
        accountCreatedAt={me.account.created_at}
        role={me.account.role}
        teamId={me.account.team?.id ?? null}
      />
      <GuidedTour />
    </Box>
  );
}

/**
 * Someone whose role requires two-factor sign-in and who has not set it up sees the page that sets
 * it up instead of the app: the server would refuse every call the shell and its pages make.
 */
function TwoFactorGate({ children }: { children: ReactNode }) {
  const me = useMe();
  if (!mustSetUpTwoFactor(me)) return <>{children}</>;
  return (
    <PublicLayout>
      <TwoFactorRequiredPage />
    </PublicLayout>
  );
}

/** Top bar, left menu, onboarding panel and footer around every signed-in page. */
export function AppLayout({ children }: { children?: ReactNode }) {
  return (
    <RequireAuth>
      <TwoFactorGate>
        <RedoProvider>
          <Shell>{children}</Shell>
        </RedoProvider>
      </TwoFactorGate>
    </RequireAuth>
  );
}

export default AppLayout;
