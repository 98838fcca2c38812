import { useEffect, useRef } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { TablePager, usePaging } from "../../components/TablePager";
import { isApiError } from "../../lib/api";
import { outboxMailOptions, outboxOptions } from "../../features/admin/queries";
import { LoadFailed, Loading, Section, useFormatDateTime } from "../../features/admin/ui";

/**
 * /admin/outbox: the mail the platform would have sent while no SMTP server is set, each shown as
 * it would arrive. The server keeps and serves it outside production only, to platform operators.
 */
export default function OutboxPage() {
  const { t } = useTranslation("admin");
  const [search] = useSearchParams();
  const chosen = Number(search.get("mail")) || null;
  return (
    <>
      <PageHeader title={t("outbox.title")} description={t("outbox.description")} />
      <Box
        sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(260px, 1fr) minmax(0, 2fr)" }, gap: { md: 3 }, alignItems: "start" }}
      >
        <OutboxList chosen={chosen} />
        {chosen !== null && <OutboxMailView id={chosen} />}
      </Box>
    </>
  );
}

function OutboxList({ chosen }: { chosen: number | null }) {
  const { t } = useTranslation("admin");
  const time = useFormatDateTime();
  const { page, pageSize, pager } = usePaging(20);
  const outbox = useQuery(outboxOptions({ page, page_size: pageSize }));
  let body;
  if (outbox.isPending) body = <Loading label={t("outbox.loading")} />;
  else if (outbox.isError)
    body = isApiError(outbox.error, "not_found") ? (
      <Alert severity="info">{t("outbox.unavailable")}</Alert>
    ) : (
      <LoadFailed error={outbox.error} onRetry={() => void outbox.refetch()} />
    );
  else if (outbox.data.count === 0) body = <Typography color="text.secondary">{t("outbox.empty")}</Typography>;
  else
    body = (
      <>
        <List aria-labelledby="outbox-list" disablePadding>
          {outbox.data.results.map((mail) => (
            // A list holds items: each mail's link inside its own.
            <li key={mail.id}>
              <ListItemButton
                component={RouterLink}
                to={`?mail=${mail.id}`}
                selected={mail.id === chosen}
                aria-current={mail.id === chosen ? "true" : undefined}
                divider
                sx={{ px: 1 }}
              >
                <ListItemText
                  primary={mail.subject}
                  secondary={t("outbox.line", { to: mail.to, time: time(mail.created_at) })}
                  slotProps={{ primary: { sx: { overflowWrap: "anywhere" } }, secondary: { sx: { overflowWrap: "anywhere" } } }}
                />
              </ListItemButton>
            </li>
          ))}
        </List>
        <TablePager {...pager(outbox.data.count)} label={t("outbox.pages")} />
      </>
    );
  return (
    <Section id="outbox-list" title={t("outbox.listTitle")} description={t("outbox.choose")}>
      {body}
    </Section>
  );
}

function OutboxMailView({ id }: { id: number }) {
  const { t } = useTranslation("admin");
  const time = useFormatDateTime();
  const mail = useQuery(outboxMailOptions(id));
  const heading = useRef<HTMLDivElement>(null);
  // Choosing a mail from the list moves the reader to it (below the list on a phone).
  useEffect(() => {
    if (mail.data) heading.current?.focus();
  }, [mail.data]);
  if (mail.isPending) return <Loading label={t("outbox.loadingMail")} />;
  if (mail.isError)
    return (
      <Box sx={{ mt: 3 }}>
        <LoadFailed error={mail.error} onRetry={() => void mail.refetch()} />
      </Box>
    );
  const m = mail.data;
  return (
    <Section id="outbox-mail" title={m.subject}>
      <Box ref={heading} tabIndex={-1} sx={{ outline: "none" }}>
        <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
          {t("outbox.to", { to: m.to })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t("outbox.written", { time: time(m.created_at) })}
        </Typography>
      </Box>
      <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
        {t("outbox.htmlPart")}
      </Typography>
      {m.html === null ? (
        <Typography color="text.secondary">{t("outbox.noHtml")}</Typography>
      ) : (
        // Mail is written by whatever the platform was fed: an empty sandbox runs none of its scripts and lets it reach nothing.
        <Box
          component="iframe"
          sandbox=""
          srcDoc={m.html}
          title={t("outbox.htmlFrame", { subject: m.subject })}
          sx={{ display: "block", width: "100%", height: { xs: 420, md: 560 }, border: 1, borderColor: "divider", borderRadius: 1, bgcolor: "#fff" }}
        />
      )}
      <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
        {t("outbox.textPart")}
      </Typography>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={t("outbox.textPart")}
        sx={{ m: 0, p: 2, bgcolor: "action.hover", borderRadius: 1, whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontSize: 13, fontFamily: "monospace" }}
      >
        {m.text}
      </Box>
    </Section>
  );
}
