import { createContext, useContext, type ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { AccountAbility, Me } from "@learnward/contracts";
import { homePathFor, useSession } from "../features/identity/hooks";
import { FullScreenSpinner } from "../components/FullScreenSpinner";
import { NotAllowed } from "../components/NotAllowed";

const MeContext = createContext<Me | null>(null);

/** The signed-in user; only inside RequireAuth. */
export function useMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error("useMe() needs a signed-in route (RequireAuth)");
  return me;
}

/** The signed-in user when there is one, for screens open to everyone. */
export function useOptionalMe(): Me | null {
  const session = useSession();
  return session.data?.status === "signedIn" ? session.data.me : null;
}

/** spec §2: the full-screen spinner shown while the app starts. */
export function BootSpinner() {
  const { t } = useTranslation();
  return <FullScreenSpinner label={t("loading")} />;
}

/** spec §2: a full-screen spinner until the session is known; then the routes. */
export function SessionGate() {
  const { t } = useTranslation();
  const session = useSession();
  if (session.isPending) return <BootSpinner />;
  if (session.isError) {
    return (
      <Box role="alert" sx={{ minHeight: "100vh", display: "grid", placeItems: "center", p: 3, textAlign: "center" }}>
        <Box>
          <Typography variant="h1" sx={{ mb: 1 }}>
            {t("sessionError.title")}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t("sessionError.description")}
          </Typography>
          <Button variant="contained" onClick={() => void session.refetch()}>
            {t("actions.retry")}
          </Button>
        </Box>
      </Box>
    );
  }
  return <Outlet />;
}

/** spec §2/§4: an unsigned user goes to /login, and comes back here after signing in. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.data?.status !== "signedIn") {
    const wasBrowsing = session.data?.status === "signedOut" && session.data.reason === "anonymous";
    const next = location.pathname + location.search + location.hash;
    const to = wasBrowsing && next !== "/" ? `/login?next=${encodeURIComponent(next)}` : "/login";
    return <Navigate to={to} replace />;
  }
  return <MeContext.Provider value={session.data.me}>{children ?? <Outlet />}</MeContext.Provider>;
}

/**
 * Pages only some accounts may open (an ability of GET /api/me) show a not-allowed page to the rest
 * (or `refused`), and ask the server for nothing (routeData declares no first data behind it).
 */
export function RequireAbility({ ability, refused, children }: { ability: AccountAbility; refused?: ReactNode; children?: ReactNode }) {
  const me = useMe();
  if (!me.abilities[ability]) return <>{refused ?? <NotAllowed homePath={homePathFor(me.abilities)} />}</>;
  return <>{children ?? <Outlet />}</>;
}
