import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import { Link as RouterLink } from "react-router";
import { useTranslation } from "react-i18next";
import type { UseQueryResult } from "@tanstack/react-query";
import { RevokeCertificateRequest, type Certificate, type CertificateStatus } from "@learnward/contracts";
import { FormDialog } from "../../components/FormDialog";
import { Loading } from "../../components/Loading";
import { LoadFailed } from "../../components/LoadFailed";
import { toast } from "../../lib/toast";
import { certificatePdfPath } from "./api";
import { certificateDate } from "./format";
import { useCertificatesOf, useMyCertificates, useRevokeCertificate } from "./hooks";

const STATUS_COLOR = { valid: "success", revoked: "error", expired: "warning" } as const satisfies Record<CertificateStatus, string>;

/** My certificates on my profile: what each states, its status, the PDF and its public page. */
export function MyCertificates() {
  const { t } = useTranslation("certificates");
  return <CertificateSection heading={t("mine.heading")} loading={t("mine.loading")} empty={t("mine.empty")} list={useMyCertificates()} />;
}

/** A colleague's certificates on their profile, for hr of the company, who may revoke one with a reason. */
export function PersonCertificates({ username }: { username: string }) {
  const { t } = useTranslation("certificates");
  return <CertificateSection heading={t("of.heading")} loading={t("of.loading")} empty={t("of.empty")} list={useCertificatesOf(username)} />;
}

function CertificateSection({
  heading,
  loading,
  empty,
  list,
}: {
  heading: string;
  loading: string;
  empty: string;
  list: UseQueryResult<{ results: Certificate[] }>;
}) {
  const { t, i18n } = useTranslation("certificates");
  const [revoking, setRevoking] = useState<Certificate | null>(null);
  return (
    <Box component="section" aria-labelledby="certificates-heading" sx={{ mb: 3 }}>
      <Typography id="certificates-heading" variant="h2" sx={{ fontSize: "1.25rem", mb: 1 }}>
        {heading}
      </Typography>
      {list.isPending ? (
        <Loading label={loading} py={2} />
      ) : list.isError ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }}>
          {list.data.results.map((c) => (
            <Paper component="li" key={c.id} variant="outlined" sx={{ p: 2, display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center" }}>
              <Box sx={{ flex: "1 1 16rem", minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{c.title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`mine.kind.${c.kind}`)} · {t("mine.completedOn", { date: certificateDate(c.completed_at, i18n.language) })}
                </Typography>
              </Box>
              <Chip size="small" color={STATUS_COLOR[c.status]} label={t(`mine.status.${c.status}`)} />
              <Link component={RouterLink} to={`/verify/${c.code}`} aria-label={t("mine.verifyLabel", { title: c.title })}>
                {t("mine.verify")}
              </Link>
              <Button
                component="a"
                href={certificatePdfPath(c.id)}
                download
                size="small"
                startIcon={<DownloadOutlined />}
                aria-label={t("mine.downloadLabel", { title: c.title })}
              >
                {t("mine.download")}
              </Button>
              {c.abilities.revoke && c.status !== "revoked" && (
                <Button size="small" color="error" onClick={() => setRevoking(c)} aria-label={t("revoke.label", { title: c.title })}>
                  {t("revoke.action")}
                </Button>
              )}
            </Paper>
          ))}
        </Stack>
      )}
      {revoking && <RevokeDialog certificate={revoking} onClose={() => setRevoking(null)} />}
    </Box>
  );
}

/** Revoking needs a reason: it goes to the audit trail. */
function RevokeDialog({ certificate, onClose }: { certificate: Certificate; onClose: () => void }) {
  const { t } = useTranslation("certificates");
  const revoke = useRevokeCertificate();
  return (
    <FormDialog
      schema={RevokeCertificateRequest}
      defaultValues={{ reason: "" }}
      title={t("revoke.title", { title: certificate.title })}
      submitLabel={t("revoke.confirm")}
      cancelLabel={t("revoke.cancel")}
      submitColor="error"
      messages={{ reason: { required: t("revoke.reasonRequired") } }}
      pending={revoke.isPending}
      error={revoke.error}
      onSubmit={(values) =>
        revoke.mutateAsync(
          { id: certificate.id, reason: values.reason },
          {
            onSuccess: () => {
              toast(t("revoke.done"), "success");
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    >
      {({ field }) => <TextField label={t("revoke.reason")} required fullWidth multiline minRows={3} autoFocus {...field("reason", t("revoke.reasonHelp"))} />}
    </FormDialog>
  );
}
