import { useParams } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import CheckCircleOutlined from "@mui/icons-material/CheckCircleOutlined";
import HighlightOffOutlined from "@mui/icons-material/HighlightOffOutlined";
import EventBusyOutlined from "@mui/icons-material/EventBusyOutlined";
import { useTranslation } from "react-i18next";
import type { CertificateStatus, PublicCertificate } from "@learnward/contracts";
import { usePageTitle } from "../../components/usePageTitle";
import { Loading } from "../../components/Loading";
import { LoadFailed } from "../../components/LoadFailed";
import { isApiError } from "../../lib/api";
import { usePublicCertificate } from "../../features/certificates/hooks";
import { certificateDate } from "../../features/certificates/format";

const STATUS = {
  valid: { severity: "success", icon: <CheckCircleOutlined /> },
  revoked: { severity: "error", icon: <HighlightOffOutlined /> },
  expired: { severity: "warning", icon: <EventBusyOutlined /> },
} as const satisfies Record<CertificateStatus, { severity: "success" | "error" | "warning"; icon: React.ReactNode }>;

/** One line of what the certificate states: a term and its value. */
function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "12rem 1fr" }, gap: { xs: 0, sm: 2 }, py: 1 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }}>
        {children}
      </Typography>
    </Box>
  );
}

function Statement({ c }: { c: PublicCertificate }) {
  const { t, i18n } = useTranslation("certificates");
  const date = (iso: string) => certificateDate(iso, i18n.language);
  const status = STATUS[c.status];
  return (
    <Stack spacing={3}>
      <Alert severity={status.severity} icon={status.icon} role="status">
        <Typography component="p" sx={{ fontWeight: 600 }}>
          {t(`verify.status.${c.status}`)}
        </Typography>
        {c.status === "revoked" && c.revoked_at && <Typography component="p">{t("verify.revokedOn", { date: date(c.revoked_at) })}</Typography>}
        {c.status === "expired" && c.expires_at && <Typography component="p">{t("verify.expiredOn", { date: date(c.expires_at) })}</Typography>}
      </Alert>
      <Box component="dl" sx={{ m: 0 }}>
        <Fact term={t("fields.recipient")}>{c.recipient_name}</Fact>
        <Fact term={t(`fields.completed.${c.kind}`)}>{c.title}</Fact>
        <Fact term={t("fields.completedOn")}>{date(c.completed_at)}</Fact>
        <Fact term={t("fields.issuer")}>{c.issuer_name}</Fact>
        {c.skills.length > 0 && (
          <Fact term={t("fields.skills")}>
            <Box component="span" sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
              {c.skills.map((s) => (
                <Chip key={s} label={s} size="small" component="span" />
              ))}
            </Box>
          </Fact>
        )}
        {c.expires_at && c.status !== "expired" && <Fact term={t("fields.expires")}>{date(c.expires_at)}</Fact>}
        <Fact term={t("fields.code")}>
          <Box component="span" sx={{ fontFamily: "monospace", letterSpacing: "0.05em" }}>
            {c.code}
          </Box>
        </Fact>
      </Box>
    </Stack>
  );
}

/** /verify/:code: whoever was shown a certificate checks, without signing in, what it states and whether it stands. */
export default function VerifyCertificatePage() {
  const { t } = useTranslation("certificates");
  const { code = "" } = useParams();
  const found = usePublicCertificate(code);
  usePageTitle(t("verify.title"));
  return (
    <Paper variant="outlined" sx={{ maxWidth: 720, mx: "auto", p: { xs: 2, sm: 4 } }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t("verify.title")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t("verify.intro")}
      </Typography>
      {found.isPending ? (
        <Loading label={t("verify.loading")} py={4} />
      ) : found.isError ? (
        isApiError(found.error, "not_found") || isApiError(found.error, "validation_error") || isApiError(found.error, "bad_request") ? (
          <Alert severity="error" role="status">
            {t("verify.notFound", { code })}
          </Alert>
        ) : (
          <LoadFailed error={found.error} onRetry={() => void found.refetch()} />
        )
      ) : (
        <Statement c={found.data} />
      )}
    </Paper>
  );
}
