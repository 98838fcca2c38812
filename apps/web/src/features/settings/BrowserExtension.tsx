import { useId } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import { useTranslation } from "react-i18next";
import { EXTENSION_DOWNLOADS } from "@learnward/contracts";
import { readIntegrations } from "../../app/config";
import { BROWSER_EXTENSION_HEADING_ID } from "./extensionLink";

/** One browser's way of loading the built extension: its zip, then three steps. */
function LoadUnpacked({ browser }: { browser: keyof typeof EXTENSION_DOWNLOADS }) {
  const { t } = useTranslation("settings");
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h4" component="h4" sx={{ fontSize: "1rem", fontWeight: 600, mb: 1.5 }}>
        {t(`extension.${browser}.heading`)}
      </Typography>
      <Button component="a" href={`/downloads/${EXTENSION_DOWNLOADS[browser]}`} download variant="outlined" startIcon={<DownloadOutlined />}>
        {t(`extension.${browser}.download`)}
      </Button>
      <Box component="ol" sx={{ pl: 3, mb: 0, "& li": { mb: 0.75, overflowWrap: "anywhere" } }}>
        <li>{t(`extension.${browser}.step1`)}</li>
        <li>{t(`extension.${browser}.step2`)}</li>
        <li>{t(`extension.${browser}.step3`)}</li>
      </Box>
    </Box>
  );
}

/**
 * Settings → the browser extension, where the user menu's link leads when the server names no store
 * page for this browser (spec §1): the store pages it does name, and how to load the extension's own
 * build unpacked.
 */
export function BrowserExtension() {
  const { t } = useTranslation("settings");
  const { extension_chrome_url: chrome, extension_firefox_url: firefox } = readIntegrations();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={BROWSER_EXTENSION_HEADING_ID} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={BROWSER_EXTENSION_HEADING_ID} variant="h2" sx={{ mb: 1 }}>
        {t("extension.title")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t("extension.description")}
      </Typography>
      <Stack spacing={3}>
        {(chrome || firefox) && (
          <Box>
            <Typography variant="h3" sx={{ mb: 1.5 }}>
              {t("extension.storesHeading")}
            </Typography>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
              {chrome && (
                <Button component="a" href={chrome} target="_blank" rel="noopener noreferrer" variant="contained">
                  {t("extension.chromeStore")}
                </Button>
              )}
              {firefox && (
                <Button component="a" href={firefox} target="_blank" rel="noopener noreferrer" variant="contained">
                  {t("extension.firefoxStore")}
                </Button>
              )}
            </Stack>
          </Box>
        )}
        <Box>
          <Typography variant="h3" sx={{ mb: 1 }}>
            {t("extension.unpackedHeading")}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t("extension.unpackedDescription")}
          </Typography>
          <Stack spacing={3}>
            <LoadUnpacked browser="chromium" />
            <LoadUnpacked browser="firefox" />
            <Box>
              <Typography>{t("extension.address")}</Typography>
              <Typography component="code" sx={{ fontFamily: "monospace", fontWeight: 600, overflowWrap: "anywhere" }}>
                {window.location.origin}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t("extension.notBuilt")}
            </Typography>
          </Stack>
        </Box>
      </Stack>
    </Paper>
  );
}
