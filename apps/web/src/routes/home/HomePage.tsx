import BookmarksOutlined from "@mui/icons-material/BookmarksOutlined";
import { useTranslation } from "react-i18next";
import { useMe } from "../../app/session";
import { ModulePage } from "../../components/ModulePage";

export default function HomePage() {
  const { t } = useTranslation("home");
  const me = useMe();
  return (
    <ModulePage
      title={t("title")}
      description={t("welcome", { name: me.user.displayName || me.user.email })}
      emptyTitle={t("emptyTitle")}
      emptyDescription={t("emptyDescription")}
      icon={<BookmarksOutlined />}
    />
  );
}
