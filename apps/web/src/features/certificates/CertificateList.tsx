import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import { Link as RouterLink } from "react-router";
import { useTranslation } from "react-i18next";
import type { CertificateStatus } from "@learnward/contracts";
import { Loading } from "../../components/Loading";
import { LoadFailed } from "../../components/LoadFailed";
import { certificatePdfPath } from "./api";
import { certificateDate } from "./format";
import { useMyCertificates } from "./hooks";

const STATUS_COLOR = { valid: "success", revoked: "error", expired: "warning" } as const satisfies Record<CertificateStatus, string>;

/** My certificates on my profile: what each states, its status, the PDF and its public page. */
export function MyCertificates() {
  const { t, i18n } = useTranslation("certificates");
  const list = useMyCertificates();
  return (
    <Box component="section" aria-labelledby="certificates-heading" sx={{ mb: 3 }}>
      <Typography id="certificates-heading" variant="h2" sx={{ fontSize: "1.25rem", mb: 1 }}>
        {t("mine.heading")}
      </Typography>
      {list.isPending ? (
        <Loading label={t("mine.loading")} py={2} />
      ) : list.isError ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <Typography color="text.secondary">{t("mine.empty")}</Typography>
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
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  );
}
