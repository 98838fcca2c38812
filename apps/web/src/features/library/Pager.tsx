import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";

interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** What the pages are of, for the navigation's name. */
  label: string;
}

/**
 * Previous and next page around "Page 2 of 5". (MUI's Pagination would put its icons in the
 * framework chunk every screen loads, /login included.)
 */
export function Pager({ page, pages, onPage, label }: PagerProps) {
  const { t } = useTranslation("home");
  if (pages <= 1) return null;
  return (
    <Box component="nav" aria-label={label} sx={{ mt: 2, display: "flex", alignItems: "center", justifyContent: "center", gap: 2 }}>
      <Button size="small" variant="outlined" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("pagination.previous")}
      </Button>
      <Typography variant="body2" aria-current="page">
        {t("pagination.current", { page, pages })}
      </Typography>
      <Button size="small" variant="outlined" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("pagination.next")}
      </Button>
    </Box>
  );
}
