import { useEffect, useRef, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import IosShareOutlined from "@mui/icons-material/IosShareOutlined";
import { useTranslation } from "react-i18next";

export const SAVE_ANYWHERE_HEADING_ID = "save-anywhere-heading";

/**
 * The bookmarklet: run on another site's page, it opens this Learnward's share page (routes/home/
 * SharePage) with that page's address and title, in a window of its own.
 */
export function bookmarklet(origin: string): string {
  const share = JSON.stringify(`${origin}/share`);
  return `javascript:(()=>{window.open(${share}+"?url="+encodeURIComponent(location.href)+"&title="+encodeURIComponent(document.title),"_blank","noopener,width=720,height=760")})()`;
}

/** Settings → the ways to save a link without opening Learnward first: the bookmarklet and the phone's share sheet. */
export function SaveAnywhere() {
  const { t } = useTranslation("settings");
  const link = useRef<HTMLAnchorElement>(null);
  const [clicked, setClicked] = useState(false);
  // React refuses javascript: addresses in href (they are how markup injection runs code); this one
  // is ours, made from this page's own origin, and only ever run from the bookmarks bar. The element
  // is rendered with "#" (a link, not a button) and React leaves the attribute alone while that holds.
  useEffect(() => link.current?.setAttribute("href", bookmarklet(window.location.origin)), []);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={SAVE_ANYWHERE_HEADING_ID} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={SAVE_ANYWHERE_HEADING_ID} variant="h2" sx={{ mb: 1 }}>
        {t("saveAnywhere.heading")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t("saveAnywhere.description")}
      </Typography>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h3" sx={{ mb: 1 }}>
            {t("saveAnywhere.bookmarkletHeading")}
          </Typography>
          <Typography sx={{ mb: 1.5 }}>{t("saveAnywhere.bookmarkletSteps")}</Typography>
          <Button
            ref={link}
            component="a"
            href="#"
            variant="outlined"
            startIcon={<IosShareOutlined />}
            draggable
            // Run here it would do nothing useful (and the page's Content-Security-Policy refuses it).
            onClick={(event: React.MouseEvent) => {
              event.preventDefault();
              setClicked(true);
            }}
            sx={{ cursor: "grab" }}
          >
            {t("saveAnywhere.bookmarklet")}
          </Button>
          {clicked && (
            <Alert severity="info" role="status" sx={{ mt: 1.5 }}>
              {t("saveAnywhere.bookmarkletClicked")}
            </Alert>
          )}
        </Box>
        <Box>
          <Typography variant="h3" sx={{ mb: 1 }}>
            {t("saveAnywhere.phoneHeading")}
          </Typography>
          <Typography>{t("saveAnywhere.phone")}</Typography>
        </Box>
      </Stack>
    </Paper>
  );
}
