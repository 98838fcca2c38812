import ApartmentOutlined from "@mui/icons-material/ApartmentOutlined";
import { useTranslation } from "react-i18next";
import { ModulePage } from "../../components/ModulePage";

export default function CompaniesPage() {
  const { t } = useTranslation("admin");
  return (
    <ModulePage
      title={t("companies.title")}
      description={t("companies.description")}
      emptyTitle={t("companies.emptyTitle")}
      emptyDescription={t("companies.emptyDescription")}
      icon={<ApartmentOutlined />}
    />
  );
}
