import SavingsOutlined from "@mui/icons-material/SavingsOutlined";
import { useTranslation } from "react-i18next";
import { ModulePage } from "../../components/ModulePage";

export default function BudgetManagementPage() {
  const { t } = useTranslation("admin");
  return (
    <ModulePage
      title={t("budgetManagement.title")}
      description={t("budgetManagement.description")}
      emptyTitle={t("budgetManagement.emptyTitle")}
      emptyDescription={t("budgetManagement.emptyDescription")}
      icon={<SavingsOutlined />}
    />
  );
}
