import ManageAccountsOutlined from "@mui/icons-material/ManageAccountsOutlined";
import { useTranslation } from "react-i18next";
import { ModulePage } from "../../components/ModulePage";

export default function AdminPeoplePage() {
  const { t } = useTranslation("admin");
  return (
    <ModulePage
      title={t("people.title")}
      description={t("people.description")}
      emptyTitle={t("people.emptyTitle")}
      emptyDescription={t("people.emptyDescription")}
      icon={<ManageAccountsOutlined />}
    />
  );
}
