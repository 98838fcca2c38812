import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { Budget } from "@learnward/contracts";
import { formatMoney } from "./money";
import { ScrollArea } from "../../components/ScrollArea";

/** Use by team: allocated, reserved, paid, remaining. */
export function UsageTable({ budget }: { budget: Budget }) {
  const { t, i18n } = useTranslation("budgeting");
  const money = (minor: number) => formatMoney(minor, budget.currency, i18n.language);
  return (
    <section aria-labelledby="usage-heading">
      <Typography variant="h3" component="h3" id="usage-heading" sx={{ mb: 2 }}>
        {t("companyBudget.usage.heading")}
      </Typography>
      {budget.allocations.length === 0 ? (
        <Typography color="text.secondary">{t("companyBudget.usage.none")}</Typography>
      ) : (
        <ScrollArea labelledBy="usage-heading" outlined>
          <Table size="small" aria-labelledby="usage-heading">
            <TableHead>
              <TableRow>
                <TableCell>{t("companyBudget.usage.team")}</TableCell>
                <TableCell align="right">{t("figures.allocated")}</TableCell>
                <TableCell align="right">{t("figures.reserved")}</TableCell>
                <TableCell align="right">{t("figures.paid")}</TableCell>
                <TableCell align="right">{t("figures.remaining")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {budget.allocations.map((a) => (
                <TableRow key={a.id}>
                  <TableCell component="th" scope="row">
                    {a.team.name}
                  </TableCell>
                  <TableCell align="right">{money(a.amount_minor)}</TableCell>
                  <TableCell align="right">{money(a.reserved_minor)}</TableCell>
                  <TableCell align="right">{money(a.paid_minor)}</TableCell>
                  <TableCell align="right">{money(a.remaining_minor)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollArea>
      )}
    </section>
  );
}
