import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import OpenInNew from "@mui/icons-material/OpenInNew";
import { isApiError } from "../../../lib/api";
import { useErrorMessage } from "../../../i18n/useErrorMessage";
import { fetchItemText, itemTextKey } from "./api";

/** How often the view asks again while the page is still being read after the save. */
const PENDING_POLL_MS = 3000;

/** The text's paragraphs, as the server keeps them: separated by a blank line. */
const paragraphsOf = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);

function useFormatDay() {
  const { i18n } = useTranslation();
  return useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }), [i18n.language]);
}

/**
 * A saved item's reader view: the readable text kept from its page when it was read after the save,
 * so the item stays readable when the page changes or goes away. Says so while the page is still being
 * read (and shows the text once it is), and when no text could be kept.
 */
export function ReaderView({ itemId }: { itemId: number }) {
  const { t } = useTranslation("home");
  const errorMessage = useErrorMessage();
  const day = useFormatDay();
  const query = useQuery({
    queryKey: itemTextKey(itemId),
    queryFn: ({ signal }) => fetchItemText(itemId, signal),
    refetchInterval: (q) => (isApiError(q.state.error, "item_text_pending") ? PENDING_POLL_MS : false),
  });
  const paragraphs = useMemo(() => (query.data ? paragraphsOf(query.data.text) : []), [query.data]);

  if (query.isPending) {
    return (
      <Box aria-busy="true" aria-label={t("reader.loading")} sx={{ maxWidth: "68ch" }}>
        <Skeleton variant="text" sx={{ fontSize: "1.75rem", width: "80%" }} />
        <Skeleton variant="text" sx={{ width: "40%", mb: 2 }} />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rectangular" height={72} sx={{ mb: 1.5, borderRadius: 1 }} />
        ))}
      </Box>
    );
  }

  if (query.isError) {
    const error = query.error;
    if (isApiError(error, "item_text_pending")) {
      return (
        <Alert severity="info" icon={<CircularProgress size={20} aria-hidden />} role="status">
          <Typography component="p" sx={{ fontWeight: 600 }}>
            {t("reader.pending.title")}
          </Typography>
          {t("reader.pending.description")}
        </Alert>
      );
    }
    if (isApiError(error, "item_text_unavailable")) {
      return (
        <Alert severity="info" role="status">
          <Typography component="p" sx={{ fontWeight: 600 }}>
            {t("reader.unavailable.title")}
          </Typography>
          {t("reader.unavailable.description")}
        </Alert>
      );
    }
    return (
      <Alert
        severity="error"
        action={
          isApiError(error, "not_found") ? undefined : (
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t("reader.retry")}
            </Button>
          )
        }
      >
        {isApiError(error, "not_found") ? t("reader.notFound") : errorMessage(error)}
      </Alert>
    );
  }

  const item = query.data;
  const facts = [item.site_name, item.byline, t("reader.minutes", { count: item.reading_minutes })].filter(Boolean).join(" · ");
  return (
    <Box component="article" aria-labelledby={`reader-title-${itemId}`} sx={{ maxWidth: "68ch", minWidth: 0 }}>
      <Stack spacing={1} sx={{ mb: 3 }}>
        <Typography
          id={`reader-title-${itemId}`}
          variant="h4"
          component="h2"
          sx={{ fontWeight: 700, lineHeight: 1.25, overflowWrap: "anywhere", fontSize: { xs: "1.5rem", sm: "1.875rem" } }}
        >
          {item.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
          {facts}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ display: "flex", flexWrap: "wrap", columnGap: 1, rowGap: 0.5, alignItems: "center" }}>
          <span>{t("reader.readOn", { date: day.format(new Date(item.read_at)) })}</span>
          <Link href={item.url} target="_blank" rel="noopener noreferrer" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
            {t("reader.source")}
            <OpenInNew fontSize="inherit" aria-hidden />
          </Link>
        </Typography>
      </Stack>
      <Box
        sx={{
          typography: "body1",
          fontSize: { xs: "1.0625rem", sm: "1.125rem" },
          lineHeight: 1.7,
          overflowWrap: "anywhere",
          hyphens: "auto",
          // Line breaks inside a paragraph (a code block, a poem) are kept.
          "& p": { whiteSpace: "pre-line", m: 0, mb: "1.1em" },
        }}
      >
        {paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </Box>
    </Box>
  );
}
