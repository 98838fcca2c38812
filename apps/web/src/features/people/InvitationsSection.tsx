import { useId, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import ForwardToInboxOutlined from "@mui/icons-material/ForwardToInboxOutlined";
import LinkOffOutlined from "@mui/icons-material/LinkOffOutlined";
import MailOutlined from "@mui/icons-material/MailOutlined";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/EmptyState";
import { TablePager } from "../../components/TablePager";
import { toast } from "../../lib/toast";
import type { OpenInvitation } from "./api";
import { useOpenInvitations, useResendInvitation, useRevokeInvitation } from "./hooks";
import { LoadFailed, Loading, Section, useFormatDate, useRoleLabel } from "./ui";
import { usePeopleError } from "./usePeopleError";

const PAGE_SIZE = 10;

/**
 * hr's invitations still waiting to be accepted: who, role, team, when sent and when the
 * link expires, each with a fresh link to send or the link to void. Accepted, revoked and expired
 * ones leave the list (the server answers only open ones).
 */
export function InvitationsSection() {
  const { t } = useTranslation("people");
  const headingId = useId();
  const [page, setPage] = useState(1);
  const [revoking, setRevoking] = useState<OpenInvitation | null>(null);
  const invitations = useOpenInvitations({ page, page_size: PAGE_SIZE });
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const errorMessage = usePeopleError();
  const list = invitations.data?.results ?? [];

  const sendFresh = (invitation: OpenInvitation) =>
    resend.mutate(invitation.id, {
      onSuccess: () => toast(t("invitations.resent", { email: invitation.email }), "success"),
      onError: (error) => toast(errorMessage(error), "error"),
    });

  return (
    <Section id={headingId} title={t("invitations.title")}>
      {invitations.isPending ? (
        <Loading label={t("invitations.loading")} />
      ) : invitations.isError ? (
        <LoadFailed error={invitations.error} onRetry={() => void invitations.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState icon={<MailOutlined />} title={t("invitations.empty")} description={t("invitations.emptyDescription")} />
      ) : (
        <>
          <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-labelledby={headingId}>
            {list.map((invitation) => (
              <InvitationCard
                key={invitation.id}
                invitation={invitation}
                resending={resend.isPending && resend.variables === invitation.id}
                onResend={() => sendFresh(invitation)}
                onRevoke={() => setRevoking(invitation)}
              />
            ))}
          </Stack>
          <TablePager count={invitations.data?.count ?? 0} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
        </>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t("invitations.revokeTitle", { email: revoking?.email ?? "" })}
        text={t("invitations.revokeText")}
        confirm={t("invitations.revoke")}
        cancel={t("invitations.keep")}
        error={revoke.isError ? errorMessage(revoke.error) : null}
        pending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast(t("invitations.revoked", { email: revoking.email }), "success");
              setRevoking(null);
            },
          })
        }
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
      />
    </Section>
  );
}

function InvitationCard({
  invitation,
  resending,
  onResend,
  onRevoke,
}: {
  invitation: OpenInvitation;
  resending: boolean;
  onResend: () => void;
  onRevoke: () => void;
}) {
  const { t } = useTranslation("people");
  const formatDate = useFormatDate();
  const roleLabel = useRoleLabel();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: "none" }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
        {invitation.email}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {invitation.team ? t("invitations.roleInTeam", { role: roleLabel(invitation.role), team: invitation.team.name }) : roleLabel(invitation.role)}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {invitation.invited_by
          ? t("invitations.sentBy", { name: invitation.invited_by.display_name, date: formatDate(invitation.sent_at) })
          : t("invitations.sent", { date: formatDate(invitation.sent_at) })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t("invitations.expires", { date: formatDate(invitation.expires_at) })}
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, mt: 1.5 }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ForwardToInboxOutlined />}
          loading={resending}
          onClick={onResend}
          aria-label={t("invitations.resendLabel", { email: invitation.email })}
        >
          {t("invitations.resend")}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<LinkOffOutlined />}
          onClick={onRevoke}
          aria-label={t("invitations.revokeLabel", { email: invitation.email })}
        >
          {t("invitations.revoke")}
        </Button>
      </Box>
    </Paper>
  );
}
