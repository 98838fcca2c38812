import { Link as RouterLink, useNavigate } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { collectionPath, useNetworkFormat } from "../network/format";
import { ComplianceStatusChip } from "./ComplianceStatusChip";
import { useMyCompliance, useStartAgain } from "./hooks";

/** The learning paths required of me with their due dates and my standing; nothing when none is. */
export function MyRequiredPaths() {
  const { t } = useTranslation("network");
  const format = useNetworkFormat();
  const mine = useMyCompliance();
  const restart = useStartAgain();
  const navigate = useNavigate();
  const message = useErrorMessage();
  const rows = mine.data?.results ?? [];
  if (rows.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="my-required-paths" sx={{ mb: 3 }}>
      <Typography variant="h3" component="h2" id="my-required-paths" sx={{ mb: 1.5 }}>
        {t("compliance.mine.heading")}
      </Typography>
      <Stack component="ul" spacing={1} aria-label={t("compliance.mine.listLabel")} sx={{ listStyle: "none", p: 0, m: 0 }}>
        {rows.map((r) => (
          <Paper component="li" variant="outlined" key={r.requirement_id} sx={{ p: 1.5, display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
            <Link component={RouterLink} to={collectionPath({ id: r.collection_id, title: r.collection_title })} sx={{ flex: "1 1 12rem", fontWeight: 500 }}>
              {r.collection_title}
            </Link>
            <Typography variant="body2" color="text.secondary">
              {r.expires_on ? t("compliance.mine.expiresOn", { date: format.date(r.expires_on) }) : t("compliance.mine.dueOn", { date: format.date(r.due_on) })}
            </Typography>
            <ComplianceStatusChip status={r.status} />
            {r.abilities.start_again && (
              // Recertification: the path's items become to do again, and the path opens to do them.
              <Button
                size="small"
                variant="outlined"
                aria-label={t("compliance.mine.startAgainLabel", { title: r.collection_title })}
                disabled={restart.isPending}
                onClick={() =>
                  restart.mutate(
                    { requirementId: r.requirement_id, collectionId: r.collection_id },
                    {
                      onSuccess: () => void navigate(collectionPath({ id: r.collection_id, title: r.collection_title })),
                      onError: (error) => toast(message(error), "error"),
                    },
                  )
                }
              >
                {t("compliance.mine.startAgain")}
              </Button>
            )}
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}
