import ShoppingCartOutlined from "@mui/icons-material/ShoppingCartOutlined";
import { useTranslation } from "react-i18next";
import { ModulePage } from "../../components/ModulePage";

export default function PurchaseRequestsPage() {
  const { t } = useTranslation("budgeting");
  return (
    <ModulePage
      title={t("purchaseRequests.title")}
      description={t("purchaseRequests.description")}
      emptyTitle={t("purchaseRequests.emptyTitle")}
      emptyDescription={t("purchaseRequests.emptyDescription")}
      icon={<ShoppingCartOutlined />}
    />
  );
}
