import TrendingUpOutlined from "@mui/icons-material/TrendingUpOutlined";
import { useTranslation } from "react-i18next";
import { ModulePage } from "../../components/ModulePage";

export default function SkillboostPage() {
  const { t } = useTranslation("people");
  return (
    <ModulePage
      title={t("skillboost.title")}
      description={t("skillboost.description")}
      emptyTitle={t("skillboost.emptyTitle")}
      emptyDescription={t("skillboost.emptyDescription")}
      icon={<TrendingUpOutlined />}
    />
  );
}
