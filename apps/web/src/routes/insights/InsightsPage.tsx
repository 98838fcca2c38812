import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { InsightsDashboard } from "../../features/insights/InsightsDashboard";

/** spec §2: /dashboard/content, actionable insights for the viewer's scope (PRODUCT.md). */
export default function InsightsPage() {
  const { t } = useTranslation("insights");
  return (
    <>
      <PageHeader title={t("page.title")} description={t("page.description")} />
      <InsightsDashboard />
    </>
  );
}
