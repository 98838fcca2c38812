import { useId } from "react";
import { z } from "zod";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Role, roleCompanyMismatch } from "@learnward/contracts";
import { ApiError, isApiError } from "../../lib/api";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { FormDialog } from "../../components/FormDialog";
import { toast } from "../../lib/toast";
import type { AccountPatch, AdminAccount } from "./api";
import { AuditLog } from "./AuditLog";
import { AnyRoleSelect, CompanySelect, InvitationSelect } from "./fields";
import { useResendInvitation, useSignIns, useUpdateAccount } from "./hooks";
import { LoadFailed, Loading, useFormatDateTime } from "./ui";
import { ScrollArea } from "../../components/ScrollArea";
import { useAdminError } from "./useAdminError";

const companyValue = (account: AdminAccount) => (account.company ? String(account.company.id) : "");

/** What the edit dialog sends: only what changed; a move to no company carries the role it needs. */
export function accountPatch(account: AdminAccount, role: string, company: string): AccountPatch {
  const patch: AccountPatch = {};
  const nextRole = Role.safeParse(role);
  if (nextRole.success && nextRole.data !== account.role) patch.role = nextRole.data;
  if (company !== companyValue(account)) {
    patch.company_id = company === "" ? null : Number(company);
    // The server only lets a platform operator have no company, and checks the role sent with it.
    if (company === "" && nextRole.success) patch.role = nextRole.data;
  }
  return patch;
}

// A platform operator has no company and everyone else one (contracts' roleCompanyMismatch), as the server checks.
const MISMATCH_MESSAGE = { company_required: "companyRequired", operator_has_company: "operatorHasCompany" } as const;
const EditAccountForm = z.object({ role: Role, company: z.string() }).superRefine((value, ctx) => {
  const mismatch = roleCompanyMismatch(value.role, value.company !== "");
  if (mismatch) ctx.addIssue({ code: "custom", message: MISMATCH_MESSAGE[mismatch], path: ["company"] });
});
const COMPANY_REFUSALS = ["company_required", "operator_has_company", "company_not_found"] as const;

/** Changes an account's role or company. Operators can't demote themselves. */
export function EditAccountDialog({ account, isSelf, onClose }: { account: AdminAccount; isSelf: boolean; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const errorMessage = useAdminError();
  const update = useUpdateAccount();
  return (
    <FormDialog
      schema={EditAccountForm}
      defaultValues={{ role: account.role, company: companyValue(account) }}
      title={t("people.edit.title", { name: account.display_name })}
      description={account.email}
      submitLabel={t("actions.save")}
      cancelLabel={t("actions.cancel")}
      messages={{ company: { companyRequired: t("people.edit.companyRequired"), operatorHasCompany: t("people.edit.operatorHasCompany") } }}
      errorText={errorMessage}
      // Refusals about the company belong under the company field; the rest above the form.
      fieldRefusal={(error) => (COMPANY_REFUSALS.some((code) => isApiError(error, code)) ? { field: "company", message: errorMessage(error) } : null)}
      onSubmit={async ({ role, company }) => {
        const patch = accountPatch(account, role, company);
        if (Object.keys(patch).length === 0) return;
        const saved = await update.mutateAsync({ id: account.id, ...patch });
        toast(t("people.saved", { name: saved.display_name }), "success");
      }}
      onClose={onClose}
    >
      {({ control, errorOf, form }) => {
        const companyError = errorOf("company");
        return (
          <>
            <AnyRoleSelect label={t("people.edit.role")} {...control("role")} disabled={isSelf} helperText={isSelf ? t("people.edit.ownRole") : undefined} />
            <CompanySelect
              label={t("people.edit.company")}
              {...control("company")}
              emptyLabel={t("people.edit.noCompany")}
              error={Boolean(companyError)}
              helperText={companyError ?? (form.watch("company") !== companyValue(account) ? t("people.edit.moveHelp") : undefined)}
            />
          </>
        );
      }}
    </FormDialog>
  );
}

/** Deactivates an account (signed out at once, sign-in refused, history kept) or reactivates it. */
export function AccountStatusDialog({ account, onClose }: { account: AdminAccount; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const errorMessage = useAdminError();
  const update = useUpdateAccount();
  const deactivate = account.status === "active";
  return (
    <ConfirmDialog
      open
      title={t(deactivate ? "people.deactivateTitle" : "people.reactivateTitle", { name: account.display_name })}
      text={t(deactivate ? "people.deactivateDescription" : "people.reactivateDescription", { email: account.email })}
      confirm={t(deactivate ? "people.deactivate" : "people.reactivate")}
      cancel={t("actions.cancel")}
      confirmColor={deactivate ? "error" : "primary"}
      error={update.isError ? errorMessage(update.error) : null}
      pending={update.isPending}
      onConfirm={() =>
        update.mutate(
          { id: account.id, status: deactivate ? "deactivated" : "active" },
          {
            onSuccess: () => {
              toast(t(deactivate ? "people.deactivated" : "people.reactivated", { name: account.display_name }), "success");
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    />
  );
}

function SignInHistory({ account }: { account: AdminAccount }) {
  const { t } = useTranslation("admin");
  const formatDateTime = useFormatDateTime();
  const signIns = useSignIns(account.id);
  const label = t("people.signIns.tableLabel", { name: account.display_name });
  if (signIns.isPending) return <Loading label={t("people.signIns.loading")} />;
  if (signIns.isError) return <LoadFailed error={signIns.error} onRetry={() => void signIns.refetch()} />;
  if (signIns.data.length === 0) return <Typography color="text.secondary">{t("people.signIns.none")}</Typography>;
  return (
    <ScrollArea label={label}>
      <Table size="small" aria-label={label} sx={{ minWidth: 520 }}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t("people.signIns.when")}</TableCell>
            <TableCell scope="col">{t("people.signIns.ip")}</TableCell>
            <TableCell scope="col">{t("people.signIns.device")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {signIns.data.map((event, index) => (
            <TableRow key={`${event.at}-${index}`}>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(event.at)}</TableCell>
              <TableCell>{event.ip_address ?? t("audit.none")}</TableCell>
              <TableCell sx={{ overflowWrap: "anywhere" }}>{event.user_agent ?? t("audit.none")}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollArea>
  );
}

/** An account's sign-ins (latest 100) and every audited change made to it. */
export function AccountHistoryDialog({ account, onClose }: { account: AdminAccount; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="body">
      <DialogTitle id={titleId}>{t("people.historyTitle", { name: account.display_name })}</DialogTitle>
      <DialogContent>
        <Box component="section" aria-labelledby={`${titleId}-sign-ins`} sx={{ mb: 3 }}>
          <Typography variant="h3" component="h3" id={`${titleId}-sign-ins`} sx={{ mb: 1 }}>
            {t("people.signIns.heading")}
          </Typography>
          <SignInHistory account={account} />
        </Box>
        <Box component="section" aria-labelledby={`${titleId}-audit`}>
          <Typography variant="h3" component="h3" id={`${titleId}-audit`} sx={{ mb: 1 }}>
            {t("audit.heading")}
          </Typography>
          <AuditLog entity="account" entityId={account.id} label={t("people.auditLabel", { name: account.display_name })} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("actions.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}

const ResendForm = z.object({ invitation: z.string().min(1) });

/** Sends a fresh invitation link to someone who was invited and has not accepted yet. */
export function ResendInvitationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("admin");
  const errorMessage = useAdminError();
  const resend = useResendInvitation();
  return (
    <FormDialog
      schema={ResendForm}
      defaultValues={{ invitation: "" }}
      title={t("people.resend.title")}
      description={t("people.resend.description")}
      submitLabel={t("people.resend.submit")}
      cancelLabel={t("actions.cancel")}
      errorText={errorMessage}
      // "Already accepted" and "address now registered" are about the invitation picked.
      fieldRefusal={(error) =>
        error instanceof ApiError && (error.status === 404 || error.status === 409) ? { field: "invitation", message: errorMessage(error) } : null
      }
      onSubmit={async ({ invitation }) => {
        const fresh = await resend.mutateAsync(Number(invitation));
        toast(t("people.resend.sent", { email: fresh.email }), "success");
      }}
      onClose={onClose}
    >
      {({ control, errorOf }) => {
        const error = errorOf("invitation");
        // Picked from the open invitations, not typed: a typo can't miss the person.
        return (
          <InvitationSelect
            label={t("people.resend.invitation")}
            {...control("invitation")}
            error={Boolean(error)}
            helperText={error ?? t("people.resend.invitationHint")}
          />
        );
      }}
    </FormDialog>
  );
}
