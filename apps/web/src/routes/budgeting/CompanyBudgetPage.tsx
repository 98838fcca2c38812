import AccountBalanceOutlined from "@mui/icons-material/AccountBalanceOutlined";
import { useTranslation } from "react-i18next";
import { ModulePage } from "../../components/ModulePage";

export default function CompanyBudgetPage() {
  const { t } = useTranslation("budgeting");
  return (
    <ModulePage
      title={t("companyBudget.title")}
      description={t("companyBudget.description")}
      emptyTitle={t("companyBudget.emptyTitle")}
      emptyDescription={t("companyBudget.emptyDescription")}
      icon={<AccountBalanceOutlined />}
    />
  );
}
