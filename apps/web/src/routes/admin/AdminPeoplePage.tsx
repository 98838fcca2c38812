import { useState } from "react";
import Button from "@mui/material/Button";
import ForwardToInboxOutlined from "@mui/icons-material/ForwardToInboxOutlined";
import { useTranslation } from "react-i18next";
import { useMe } from "../../app/session";
import { PageHeader } from "../../components/PageHeader";
import { AccountsTable } from "../../features/admin/AccountsTable";
import { ResendInvitationDialog } from "../../features/admin/AccountDialogs";
import { AuditLog, FIRST_SECURITY_EVENTS, SECURITY_EVENTS } from "../../features/admin/AuditLog";
import { Section } from "../../features/admin/ui";

/**
 * /admin/people-management: any account of any company; change role or company,
 * deactivate or reactivate, resend an invitation, sign-in history; every change audited; and the
 * platform's security events.
 */
export default function AdminPeoplePage() {
  const { t } = useTranslation("admin");
  const me = useMe();
  const [resending, setResending] = useState(false);
  return (
    <>
      <PageHeader
        title={t("people.title")}
        description={t("people.description")}
        actions={
          <Button variant="outlined" startIcon={<ForwardToInboxOutlined />} onClick={() => setResending(true)}>
            {t("people.resend.open")}
          </Button>
        }
      />
      <AccountsTable myAccountId={me.account.id} />
      <Section id="accounts-audit" title={t("people.auditTitle")} description={t("people.auditDescription")}>
        <AuditLog entity="account" label={t("people.auditTitle")} />
      </Section>
      <Section id="security-events" title={t("people.securityTitle")} description={t("people.securityDescription")}>
        <AuditLog label={t("people.securityTitle")} pageSize={FIRST_SECURITY_EVENTS.page_size} filter={SECURITY_EVENTS} />
      </Section>
      {resending && <ResendInvitationDialog onClose={() => setResending(false)} />}
    </>
  );
}
