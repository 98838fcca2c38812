import { useEffect, useId, useRef } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { SiteIntegrations } from "@learnward/contracts";
import { chooseConsent } from "../app/consent";
import { TextLink } from "./TextLink";

/**
 * spec §1: asks whether the configured chat widget and tag manager may load, before either
 * does. Not modal: the page stays usable, and the question waits at the end of the tab order; when
 * the visitor asked for it again ("Cookie settings"), it takes the focus.
 */
export default function ConsentBanner({ integrations, focus }: { integrations: SiteIntegrations; focus: boolean }) {
  const { t } = useTranslation(["shell", "common"]);
  const titleId = useId();
  const accept = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) accept.current?.focus();
  }, [focus]);
  const what = integrations.chat_widget_url && integrations.tag_manager_id ? "both" : integrations.chat_widget_url ? "chat" : "analytics";
  return (
    <Paper
      component="section"
      role="region"
      aria-labelledby={titleId}
      elevation={8}
      sx={{
        position: "fixed",
        insetInline: { xs: 8, sm: 16 },
        bottom: { xs: 8, sm: 16 },
        mx: "auto",
        maxWidth: 720,
        zIndex: (theme) => theme.zIndex.snackbar - 2,
        p: { xs: 2, sm: 3 },
      }}
    >
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t("consent.title")}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t(`consent.body.${what}`)} <TextLink to="/privacy">{t("common:footer.privacy")}</TextLink>
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, justifyContent: "flex-end" }}>
        <Button variant="outlined" onClick={() => chooseConsent("declined")}>
          {t("consent.decline")}
        </Button>
        <Button ref={accept} variant="contained" onClick={() => chooseConsent("accepted")}>
          {t("consent.accept")}
        </Button>
      </Box>
    </Paper>
  );
}
