import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";

export const MAIN_CONTENT_ID = "main-content";

/** Lets keyboard users jump past the top bar and the menu. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        position: "absolute",
        left: 8,
        top: -48,
        zIndex: "tooltip",
        p: 1,
        bgcolor: "background.paper",
        borderRadius: 1,
        "&:focus": { top: 8 },
      }}
    >
      {t("skipToContent")}
    </Box>
  );
}
