import TaskAltOutlined from "@mui/icons-material/TaskAltOutlined";
import { useTranslation } from "react-i18next";
import { ModulePage } from "../../components/ModulePage";

export default function MyTasksPage() {
  const { t } = useTranslation("network");
  return (
    <ModulePage
      title={t("myTasks.title")}
      description={t("myTasks.description")}
      emptyTitle={t("myTasks.emptyTitle")}
      emptyDescription={t("myTasks.emptyDescription")}
      icon={<TaskAltOutlined />}
    />
  );
}
