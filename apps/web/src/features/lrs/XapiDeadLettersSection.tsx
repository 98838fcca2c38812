import { useCallback, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { XapiForward } from "@learnward/contracts";
import { LoadFailed } from "../../components/LoadFailed";
import { Loading } from "../../components/Loading";
import { SettingsCard } from "../../components/SettingsCard";
import { TablePager } from "../../components/TablePager";
import { toast } from "../../lib/toast";
import { useFailedForwards, useRetryFailedForward, useRetryFailedForwards } from "./hooks";

export const XAPI_DEAD_LETTERS_HEADING_ID = "xapi-dead-letters-heading";
const PAGE_SIZE = 20;

/** The last word of a verb IRI ("completed"), which is how people name it. */
const verbName = (iri: string) => iri.replace(/\/+$/, "").split("/").at(-1) ?? iri;

function useFormatDateTime() {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)),
    [i18n.language],
  );
}

function FailedLine({ f }: { f: XapiForward }) {
  const { t } = useTranslation("settings");
  const formatDate = useFormatDateTime();
  const retry = useRetryFailedForward();
  return (
    <ListItem divider sx={{ px: 0, display: "flex", flexWrap: "wrap", gap: 1, alignItems: "flex-start" }}>
      <Box sx={{ flex: "1 1 16rem", minWidth: 0, overflowWrap: "anywhere" }}>
        <Typography>{t("lrsDeadLetters.line", { who: f.actor ?? "?", verb: verbName(f.verb), activity: f.activity })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t("lrsDeadLetters.why", {
            reason: f.last_status ? t("lrsDeadLetters.httpStatus", { status: f.last_status }) : t("lrsDeadLetters.unreachable"),
            count: f.attempts,
            date: formatDate(f.created_at),
          })}
        </Typography>
      </Box>
      <Button
        variant="outlined"
        loading={retry.isPending}
        aria-label={t("lrsDeadLetters.retryNamed", { verb: verbName(f.verb), activity: f.activity })}
        onClick={() => retry.mutate(f.id, { onSuccess: () => toast(t("lrsDeadLetters.retrying"), "success") })}
      >
        {t("lrsDeadLetters.retry")}
      </Button>
    </ListItem>
  );
}

/** Settings → Records that failed to forward: what the outside LRS refused or never got, sent again on demand. */
export function XapiDeadLettersSection() {
  const { t } = useTranslation("settings");
  const [page, setPage] = useState(1);
  const failed = useFailedForwards(page);
  const retryAll = useRetryFailedForwards();
  return (
    <SettingsCard headingId={XAPI_DEAD_LETTERS_HEADING_ID} heading={t("lrsDeadLetters.heading")} description={t("lrsDeadLetters.description")}>
      {failed.isPending ? (
        <Loading label={t("lrsDeadLetters.loading")} />
      ) : failed.isError ? (
        <LoadFailed error={failed.error} onRetry={() => void failed.refetch()} />
      ) : failed.data.count === 0 ? (
        <Typography color="text.secondary">{t("lrsDeadLetters.none")}</Typography>
      ) : (
        <Stack spacing={2}>
          <Box>
            <Button
              variant="contained"
              loading={retryAll.isPending}
              onClick={() => retryAll.mutate(undefined, { onSuccess: (r) => toast(t("lrsDeadLetters.retryingAll", { count: r.retried }), "success") })}
            >
              {t("lrsDeadLetters.retryAll", { count: failed.data.count })}
            </Button>
          </Box>
          <List aria-label={t("lrsDeadLetters.heading")} disablePadding>
            {failed.data.results.map((f) => (
              <FailedLine key={f.id} f={f} />
            ))}
          </List>
          <TablePager label={t("lrsDeadLetters.pages")} count={failed.data.count} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
        </Stack>
      )}
    </SettingsCard>
  );
}
