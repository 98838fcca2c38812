import CollectionsBookmarkOutlined from "@mui/icons-material/CollectionsBookmarkOutlined";
import { useTranslation } from "react-i18next";
import { ModulePage } from "../../components/ModulePage";

/** /collaborative-network/collections/{id}/{slug} (spec §2). */
export default function CollectionPage() {
  const { t } = useTranslation("network");
  return (
    <ModulePage
      title={t("collection.title")}
      description={t("collection.description")}
      emptyTitle={t("collection.emptyTitle")}
      emptyDescription={t("collection.emptyDescription")}
      icon={<CollectionsBookmarkOutlined />}
    />
  );
}
