import Chip from "@mui/material/Chip";
import { useTranslation } from "react-i18next";
import type { PurchaseRequest } from "@learnward/contracts";

const COLORS = { pending: "warning", approved: "info", paid: "success", rejected: "error", cancelled: "default" } as const;

export function StatusChip({ status }: { status: PurchaseRequest["status"] }) {
  const { t } = useTranslation("budgeting");
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={t(`status.${status}`)} />;
}
