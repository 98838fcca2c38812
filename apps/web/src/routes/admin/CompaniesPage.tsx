import { useState } from "react";
import Button from "@mui/material/Button";
import AddBusinessOutlined from "@mui/icons-material/AddBusinessOutlined";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { AuditLog } from "../../features/admin/AuditLog";
import { CompaniesTable } from "../../features/admin/CompaniesTable";
import { CompanyDialog } from "../../features/admin/CompanyDialog";
import { Section } from "../../features/admin/ui";

/** /admin: the platform's companies; create, edit, suspend and lift, with their audit. */
export default function CompaniesPage() {
  const { t } = useTranslation("admin");
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={t("companies.title")}
        description={t("companies.description")}
        actions={
          <Button variant="contained" startIcon={<AddBusinessOutlined />} onClick={() => setCreating(true)}>
            {t("companies.create")}
          </Button>
        }
      />
      <CompaniesTable />
      <Section id="companies-audit" title={t("companies.auditTitle")} description={t("companies.auditDescription")}>
        <AuditLog entity="company" label={t("companies.auditTitle")} />
      </Section>
      {creating && <CompanyDialog onClose={() => setCreating(false)} />}
    </>
  );
}
