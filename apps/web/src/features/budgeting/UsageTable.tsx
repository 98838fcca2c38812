import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { Budget } from "@learnward/contracts";
import { formatMoney } from "./money";
import { DataTable, type Column } from "../../components/DataTable";

type Allocation = Budget["allocations"][number];

/** Use by team: allocated, reserved, paid, remaining. */
export function UsageTable({ budget }: { budget: Budget }) {
  const { t, i18n } = useTranslation("budgeting");
  const money = (minor: number) => formatMoney(minor, budget.currency, i18n.language);
  const figure = (key: "allocated" | "reserved" | "paid" | "remaining", minor: (allocation: Allocation) => number): Column<Allocation> => ({
    key,
    header: t(`figures.${key}`),
    align: "right",
    cell: (allocation) => money(minor(allocation)),
  });
  const columns: Column<Allocation>[] = [
    { key: "team", header: t("companyBudget.usage.team"), rowHeader: true, cell: (allocation) => allocation.team.name },
    figure("allocated", (allocation) => allocation.amount_minor),
    figure("reserved", (allocation) => allocation.reserved_minor),
    figure("paid", (allocation) => allocation.paid_minor),
    figure("remaining", (allocation) => allocation.remaining_minor),
  ];
  return (
    <section aria-labelledby="usage-heading">
      <Typography variant="h3" component="h3" id="usage-heading" sx={{ mb: 2 }}>
        {t("companyBudget.usage.heading")}
      </Typography>
      <DataTable
        labelledBy="usage-heading"
        columns={columns}
        rows={budget.allocations}
        rowKey={(allocation) => allocation.id}
        empty={<Typography color="text.secondary">{t("companyBudget.usage.none")}</Typography>}
      />
    </section>
  );
}
