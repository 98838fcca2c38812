import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { useTranslation } from "react-i18next";

/** Inside the layout, while a page's translations load. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: "grid", placeItems: "center", py: 8 }}>
      <CircularProgress aria-label={t("loading")} />
    </Box>
  );
}
