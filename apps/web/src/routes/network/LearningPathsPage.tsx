import RouteOutlined from "@mui/icons-material/RouteOutlined";
import { useTranslation } from "react-i18next";
import { ModulePage } from "../../components/ModulePage";

export default function LearningPathsPage() {
  const { t } = useTranslation("network");
  return (
    <ModulePage
      title={t("learningPaths.title")}
      description={t("learningPaths.description")}
      emptyTitle={t("learningPaths.emptyTitle")}
      emptyDescription={t("learningPaths.emptyDescription")}
      icon={<RouteOutlined />}
    />
  );
}
