import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { AuditLog } from "../../features/admin/AuditLog";
import { BudgetsTable } from "../../features/admin/BudgetsTable";
import { Section } from "../../features/admin/ui";

/** /admin/budget-management: every company's budgets, allocations and spend; adjust with a reason. */
export default function BudgetManagementPage() {
  const { t } = useTranslation("admin");
  return (
    <>
      <PageHeader title={t("budgetManagement.title")} description={t("budgetManagement.description")} />
      <BudgetsTable />
      <Section id="budgets-audit" title={t("budgets.auditTitle")} description={t("budgets.auditDescription")}>
        <AuditLog entity="budget" label={t("budgets.auditTitle")} />
      </Section>
    </>
  );
}
