import PublishOutlined from "@mui/icons-material/PublishOutlined";
import { useTranslation } from "react-i18next";
import { ModulePage } from "../../components/ModulePage";

export default function PublishRequestsPage() {
  const { t } = useTranslation("network");
  return (
    <ModulePage
      title={t("publishRequests.title")}
      description={t("publishRequests.description")}
      emptyTitle={t("publishRequests.emptyTitle")}
      emptyDescription={t("publishRequests.emptyDescription")}
      icon={<PublishOutlined />}
    />
  );
}
