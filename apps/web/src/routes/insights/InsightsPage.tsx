import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";
import { useMe } from "../../app/session";
import { PageHeader } from "../../components/PageHeader";
import { ComplianceByTeam } from "../../features/compliance/ComplianceByTeam";
import { InsightsDashboard } from "../../features/insights/InsightsDashboard";

/** spec §2: /dashboard/content, actionable insights for the viewer's scope (PRODUCT.md); compliance per team for those who read it. */
export default function InsightsPage() {
  const { t } = useTranslation("insights");
  const me = useMe();
  return (
    <>
      <PageHeader title={t("page.title")} description={t("page.description")} />
      <InsightsDashboard />
      {me.abilities.read_compliance && (
        <Box sx={{ mt: 3 }}>
          <ComplianceByTeam />
        </Box>
      )}
    </>
  );
}
