import Chip from "@mui/material/Chip";
import { useTranslation } from "react-i18next";
import type { ComplianceStatus } from "@learnward/contracts";

const COLORS = { on_time: "success", due: "info", overdue: "error", expired: "warning" } as const;

/** Where a person stands on a required path, in words and colour. */
export function ComplianceStatusChip({ status }: { status: ComplianceStatus }) {
  const { t } = useTranslation("network");
  return <Chip size="small" label={t(`compliance.status.${status}`)} color={COLORS[status]} />;
}
