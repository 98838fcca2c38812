import ExploreOutlined from "@mui/icons-material/ExploreOutlined";
import { useTranslation } from "react-i18next";
import { ModulePage } from "../../components/ModulePage";

export default function DiscoverPage() {
  const { t } = useTranslation("discover");
  return (
    <ModulePage
      title={t("page.title")}
      description={t("page.description")}
      emptyTitle={t("page.emptyTitle")}
      emptyDescription={t("page.emptyDescription")}
      icon={<ExploreOutlined />}
    />
  );
}
