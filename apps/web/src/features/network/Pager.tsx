import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import ChevronLeftOutlined from "@mui/icons-material/ChevronLeftOutlined";
import ChevronRightOutlined from "@mui/icons-material/ChevronRightOutlined";
import { useTranslation } from "react-i18next";

/**
 * Previous / next pages of a list. (MUI's Pagination would put its icons in the chunk every page
 * loads first, /login included.)
 */
export function Pager({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  const { t } = useTranslation("network");
  if (pages <= 1) return null;
  return (
    <Box component="nav" aria-label={t("pagination.label")} sx={{ mt: 3, display: "flex", alignItems: "center", justifyContent: "center", gap: 2 }}>
      <Button startIcon={<ChevronLeftOutlined />} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t("pagination.previous")}
      </Button>
      <Typography aria-live="polite" aria-atomic>
        {t("pagination.current", { page, pages })}
      </Typography>
      <Button endIcon={<ChevronRightOutlined />} disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t("pagination.next")}
      </Button>
    </Box>
  );
}
