import InsightsOutlined from "@mui/icons-material/InsightsOutlined";
import { useTranslation } from "react-i18next";
import { ModulePage } from "../../components/ModulePage";

export default function InsightsPage() {
  const { t } = useTranslation("insights");
  return (
    <ModulePage
      title={t("page.title")}
      description={t("page.description")}
      emptyTitle={t("page.emptyTitle")}
      emptyDescription={t("page.emptyDescription")}
      icon={<InsightsOutlined />}
    />
  );
}
