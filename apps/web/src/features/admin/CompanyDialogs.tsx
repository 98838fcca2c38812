import { useId, useState, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import PersonAddOutlined from "@mui/icons-material/PersonAddOutlined";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { toast } from "../../lib/toast";
import type { AdminCompany } from "./api";
import { AuditLog } from "./AuditLog";
import { CompanyChatHooksSection } from "../chat/ChatHooksCard";
import { StarterCatalog } from "../library/supply/CatalogSupplyCard";
import { CompanyScimSection } from "../scim/ScimCard";
import { CompanyOidcSection } from "../sso/OidcCard";
import { CompanySamlSection } from "../sso/SamlCard";
import { InviteDialog } from "./InviteDialog";
import { useSetCompanySuspended } from "./hooks";
import { useAdminError } from "./useAdminError";
import { StatusChip, useFormatDate } from "./ui";

/**
 * Suspends a company (its people are signed out and can't sign in; nothing is deleted) or lifts
 * the suspension, after confirmation.
 */
export function SuspendDialog({ company, onClose }: { company: AdminCompany; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const errorMessage = useAdminError();
  const change = useSetCompanySuspended();
  const suspend = company.status === "active";
  return (
    <ConfirmDialog
      open
      title={t(suspend ? "companies.suspendTitle" : "companies.liftTitle", { name: company.name })}
      text={suspend ? t("companies.suspendDescription", { count: company.people_count }) : t("companies.liftDescription", { count: company.people_count })}
      confirm={t(suspend ? "companies.suspend" : "companies.lift")}
      cancel={t("actions.cancel")}
      confirmColor={suspend ? "error" : "primary"}
      error={change.isError ? errorMessage(change.error) : null}
      pending={change.isPending}
      onConfirm={() =>
        change.mutate(
          { id: company.id, suspended: suspend },
          {
            onSuccess: () => {
              toast(t(suspend ? "companies.suspended" : "companies.lifted", { name: company.name }), "success");
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    />
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A company at a glance, with every audited change made to it; invites its people from here. */
export function CompanyDetailsDialog({ company, onClose }: { company: AdminCompany; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const titleId = useId();
  const formatDate = useFormatDate();
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="body">
        <DialogTitle id={titleId}>{t("companies.detailsTitle", { name: company.name })}</DialogTitle>
        <DialogContent>
          <Box component="dl" sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(4, minmax(0, 1fr))" }, m: 0, mb: 3 }}>
            <Fact label={t("companies.columns.domain")}>{company.domain}</Fact>
            <Fact label={t("companies.columns.currency")}>{company.currency}</Fact>
            <Fact label={t("companies.columns.status")}>
              <StatusChip status={company.status} />
            </Fact>
            <Fact label={t("companies.columns.created")}>{formatDate(company.created_at)}</Fact>
            <Fact label={t("companies.columns.people")}>{company.people_count}</Fact>
            <Fact label={t("companies.columns.active")}>{company.active_people_30d}</Fact>
            <Fact label={t("companies.columns.saves")}>{company.saves_30d}</Fact>
            <Fact label={t("companies.twoFactor")}>{company.require_two_factor ? t("companies.twoFactorRequired") : t("companies.twoFactorOptional")}</Fact>
          </Box>
          <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
            {t("companyForm.allowlist")}
          </Typography>
          {company.registration_allowlist.length === 0 ? (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {t("companies.invitationOnly")}
            </Typography>
          ) : (
            <Box
              component="ul"
              aria-label={t("companyForm.allowlist")}
              sx={{ display: "flex", flexWrap: "wrap", gap: 1, listStyle: "none", p: 0, m: 0, mb: 3 }}
            >
              {company.registration_allowlist.map((entry) => (
                <li key={entry}>
                  <Chip size="small" label={entry} />
                </li>
              ))}
            </Box>
          )}
          <StarterCatalog companyId={company.id} />
          <CompanyChatHooksSection companyId={company.id} />
          <CompanyOidcSection companyId={company.id} />
          <CompanySamlSection companyId={company.id} />
          <CompanyScimSection companyId={company.id} />
          <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
            {t("audit.heading")}
          </Typography>
          <AuditLog entity="company" entityId={company.id} label={t("companies.historyLabel", { name: company.name })} />
        </DialogContent>
        <DialogActions sx={{ flexWrap: "wrap", gap: 1 }}>
          <Button startIcon={<PersonAddOutlined />} onClick={() => setInviting(true)} sx={{ mr: "auto" }}>
            {t("companies.invite.open")}
          </Button>
          <Button onClick={onClose}>{t("actions.close")}</Button>
        </DialogActions>
      </Dialog>
      {inviting && <InviteDialog company={company} onClose={() => setInviting(false)} />}
    </>
  );
}
