import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import LogoutOutlined from "@mui/icons-material/LogoutOutlined";
import { useTranslation } from "react-i18next";
import { useMe } from "../../app/session";
import { sessionKey, signOut } from "../../features/identity/hooks";
import { TwoFactorSetup } from "../../features/identity/TwoFactorSetup";
import { toast } from "../../lib/toast";
import { AuthCard } from "./AuthCard";

/**
 * Instead of every signed-in page for someone whose role requires two-factor sign-in and who has
 * not set it up (admins; hr and L&D leaders where their company says so): the server
 * refuses them everything else until they do. Once set up, the session says so and the app opens.
 */
export default function TwoFactorRequiredPage() {
  const { t } = useTranslation(["security", "errors"]);
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const leave = async () => {
    const { ok } = await signOut(queryClient);
    if (!ok) toast(t("errors:unknown"), "error");
    await navigate("/login", { replace: true });
  };
  return (
    <AuthCard title={t("required.title")} subtitle={t("required.description")}>
      {/* The session is read again only once the backup codes are saved: it is what opens the app. */}
      <TwoFactorSetup email={me.user.email} headingLevel="h2" onDone={() => void queryClient.invalidateQueries({ queryKey: sessionKey })} />
      <Divider sx={{ my: 3 }} />
      <Box sx={{ textAlign: "center" }}>
        <Button startIcon={<LogoutOutlined />} onClick={() => void leave()}>
          {t("required.signOut")}
        </Button>
      </Box>
    </AuthCard>
  );
}
