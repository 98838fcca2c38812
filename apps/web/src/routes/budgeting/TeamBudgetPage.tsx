import AccountBalanceWalletOutlined from "@mui/icons-material/AccountBalanceWalletOutlined";
import { useTranslation } from "react-i18next";
import { ModulePage } from "../../components/ModulePage";

export default function TeamBudgetPage() {
  const { t } = useTranslation("budgeting");
  return (
    <ModulePage
      title={t("teamBudget.title")}
      description={t("teamBudget.description")}
      emptyTitle={t("teamBudget.emptyTitle")}
      emptyDescription={t("teamBudget.emptyDescription")}
      icon={<AccountBalanceWalletOutlined />}
    />
  );
}
