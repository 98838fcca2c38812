import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import GroupsOutlined from "@mui/icons-material/GroupsOutlined";
import AccountBalanceWalletOutlined from "@mui/icons-material/AccountBalanceWalletOutlined";
import RouteOutlined from "@mui/icons-material/RouteOutlined";
import ExploreOutlined from "@mui/icons-material/ExploreOutlined";
import InsightsOutlined from "@mui/icons-material/InsightsOutlined";
import TaskAltOutlined from "@mui/icons-material/TaskAltOutlined";
import { useTranslation } from "react-i18next";
import { useOptionalMe } from "../../app/session";
import { homePathFor } from "../../features/identity/hooks";
import { usePageTitle } from "../../components/usePageTitle";

const FEATURES = [
  { key: "people", icon: <GroupsOutlined /> },
  { key: "budget", icon: <AccountBalanceWalletOutlined /> },
  { key: "network", icon: <RouteOutlined /> },
  { key: "discover", icon: <ExploreOutlined /> },
  { key: "insights", icon: <InsightsOutlined /> },
  { key: "onboarding", icon: <TaskAltOutlined /> },
] as const;

/** spec §2: "/" is open without sign-in and says what the product is. */
export default function LandingPage() {
  const { t } = useTranslation("landing");
  const me = useOptionalMe();
  usePageTitle("");
  return (
    <>
      <Box component="section" sx={{ textAlign: "center", py: { xs: 2, sm: 6 }, maxWidth: 760, mx: "auto" }}>
        <Typography variant="h1" sx={{ fontSize: { xs: "2rem", sm: "2.75rem" }, mb: 2 }}>
          {t("headline")}
        </Typography>
        <Typography color="text.secondary" sx={{ fontSize: "1.15rem", mb: 4 }}>
          {t("lead")}
        </Typography>
        <Box sx={{ display: "flex", gap: 2, justifyContent: "center", flexWrap: "wrap" }}>
          {me ? (
            <Button component={RouterLink} to={homePathFor(me.abilities)} variant="contained" size="large">
              {t("open")}
            </Button>
          ) : (
            <>
              <Button component={RouterLink} to="/login" variant="contained" size="large">
                {t("signIn")}
              </Button>
              <Button component={RouterLink} to="/register" variant="outlined" size="large">
                {t("register")}
              </Button>
            </>
          )}
        </Box>
      </Box>
      <Box component="section" aria-labelledby="features-heading" sx={{ mt: { xs: 4, sm: 6 } }}>
        <Typography id="features-heading" variant="h2" sx={{ textAlign: "center", mb: 3 }}>
          {t("featuresHeading")}
        </Typography>
        <Box
          component="ul"
          sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "repeat(3, 1fr)" } }}
        >
          {FEATURES.map(({ key, icon }) => (
            <Paper component="li" key={key} variant="outlined" sx={{ p: 3 }}>
              <Box aria-hidden sx={{ color: "primary.main", mb: 1 }}>
                {icon}
              </Box>
              <Typography variant="h3" sx={{ mb: 1 }}>
                {t(`features.${key}.title`)}
              </Typography>
              <Typography color="text.secondary">{t(`features.${key}.body`)}</Typography>
            </Paper>
          ))}
        </Box>
      </Box>
    </>
  );
}
