import LocalLibraryOutlined from "@mui/icons-material/LocalLibraryOutlined";
import { useTranslation } from "react-i18next";
import { ModulePage } from "../../components/ModulePage";

export default function LibraryPage() {
  const { t } = useTranslation("network");
  return (
    <ModulePage
      title={t("library.title")}
      description={t("library.description")}
      emptyTitle={t("library.emptyTitle")}
      emptyDescription={t("library.emptyDescription")}
      icon={<LocalLibraryOutlined />}
    />
  );
}
