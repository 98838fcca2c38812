import { useId, useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { AddStarterCatalogResponse, CatalogFeed, Me } from "@learnward/contracts";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { SettingsCard } from "../../../components/SettingsCard";
import { useErrorMessage } from "../../../i18n/useErrorMessage";
import { toast } from "../../../lib/toast";
import { useAddStarterCatalog, useCatalogFeeds, useRefreshCatalogFeed, useSubscribeCatalogFeed, useUnsubscribeCatalogFeed } from "./hooks";

export const CATALOG_SUPPLY_HEADING_ID = "catalog-supply-heading";

const when = (iso: string | null, locale: string) =>
  iso ? new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)) : null;

/**
 * One click fills the catalog with the starter items; the result says how many were new. The L&D
 * leader's on Settings, and a platform operator's in a company's details (a new company's catalog).
 */
export function StarterCatalog({ companyId }: { companyId: number }) {
  const { t } = useTranslation("settings");
  const message = useErrorMessage();
  const add = useAddStarterCatalog();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<AddStarterCatalogResponse | null>(null);
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Typography id={headingId} variant="h3" component="h3" sx={{ mb: 1 }}>
        {t("catalogSupply.starter.heading")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t("catalogSupply.starter.description")}
      </Typography>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {t("catalogSupply.starter.add")}
      </Button>
      {result && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {result.added > 0
            ? t("catalogSupply.starter.added", { count: result.added, present: result.already_present })
            : t("catalogSupply.starter.nothingNew", { count: result.already_present })}
        </Alert>
      )}
      <ConfirmDialog
        open={open}
        title={t("catalogSupply.starter.confirmTitle")}
        text={t("catalogSupply.starter.confirmText")}
        confirm={t("catalogSupply.starter.confirm")}
        cancel={t("catalogSupply.cancel")}
        confirmColor="primary"
        error={add.error ? message(add.error) : null}
        pending={add.isPending}
        onConfirm={() =>
          add.mutate(companyId, {
            onSuccess: (r) => {
              setResult(r);
              setOpen(false);
            },
          })
        }
        onClose={() => {
          add.reset();
          setOpen(false);
        }}
      />
    </Box>
  );
}

function FeedStatus({ feed }: { feed: CatalogFeed }) {
  const { t } = useTranslation("settings");
  const color = feed.status === "ok" ? "success" : feed.status === "failed" ? "error" : "default";
  return <Chip size="small" color={color} variant="outlined" label={t(`catalogSupply.feeds.status.${feed.status}`)} />;
}

function FeedRow({ feed }: { feed: CatalogFeed }) {
  const { t, i18n } = useTranslation("settings");
  const message = useErrorMessage();
  const refresh = useRefreshCatalogFeed();
  const unsubscribe = useUnsubscribeCatalogFeed();
  const [confirming, setConfirming] = useState(false);
  const name = feed.title ?? feed.url;
  const refreshed = when(feed.last_refreshed_at, i18n.language);
  return (
    <Box component="li" sx={{ listStyle: "none", py: 1.5, borderTop: 1, borderColor: "divider" }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
        <Typography variant="subtitle2" component="h4" sx={{ overflowWrap: "anywhere" }}>
          {name}
        </Typography>
        <FeedStatus feed={feed} />
        {feed.kind && <Chip size="small" label={t(`catalogSupply.feeds.kind.${feed.kind}`)} />}
      </Stack>
      {feed.title && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
          {feed.url}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {t("catalogSupply.feeds.items", { count: feed.item_count })}
        {" · "}
        {refreshed ? t("catalogSupply.feeds.refreshedAt", { when: refreshed }) : t("catalogSupply.feeds.neverRefreshed")}
        {feed.skills.length > 0 && ` · ${t("catalogSupply.feeds.skillsList", { skills: feed.skills.join(", ") })}`}
      </Typography>
      {feed.status === "failed" && feed.last_error && (
        // The feed's standing state, not news: no live region announcing it on every visit.
        <Alert severity="warning" role="note" sx={{ mt: 1 }}>
          {t(`catalogSupply.feeds.errors.${feed.last_error}`)} {t("catalogSupply.feeds.retried")}
        </Alert>
      )}
      {(refresh.isError || unsubscribe.isError) && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {message(refresh.error ?? unsubscribe.error)}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: "wrap", rowGap: 1 }}>
        <Button
          size="small"
          variant="outlined"
          loading={refresh.isPending}
          aria-label={t("catalogSupply.feeds.refreshLabel", { name })}
          onClick={() => refresh.mutate(feed.id, { onSuccess: () => toast(t("catalogSupply.feeds.refreshing", { name }), "success") })}
        >
          {t("catalogSupply.feeds.refresh")}
        </Button>
        <Button size="small" color="error" aria-label={t("catalogSupply.feeds.unsubscribeLabel", { name })} onClick={() => setConfirming(true)}>
          {t("catalogSupply.feeds.unsubscribe")}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t("catalogSupply.feeds.unsubscribeTitle", { name })}
        text={t("catalogSupply.feeds.unsubscribeText")}
        confirm={t("catalogSupply.feeds.unsubscribe")}
        cancel={t("catalogSupply.cancel")}
        error={null}
        pending={unsubscribe.isPending}
        onConfirm={() =>
          unsubscribe.mutate(feed.id, {
            onSuccess: () => toast(t("catalogSupply.feeds.unsubscribed", { name }), "success"),
            onSettled: () => setConfirming(false),
          })
        }
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

/** The address and skills of a new feed; the server says what it cannot take. */
function SubscribeForm() {
  const { t } = useTranslation("settings");
  const message = useErrorMessage();
  const subscribe = useSubscribeCatalogFeed();
  const [url, setUrl] = useState("");
  const [skills, setSkills] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const list = [
      ...new Set(
        skills
          .split(",")
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    subscribe.mutate(
      { url: url.trim(), skills: list },
      {
        onSuccess: () => {
          setUrl("");
          setSkills("");
          toast(t("catalogSupply.feeds.subscribed"), "success");
        },
      },
    );
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {subscribe.isError && (
          <Alert severity="error" role="alert">
            {message(subscribe.error)}
          </Alert>
        )}
        <TextField
          label={t("catalogSupply.feeds.urlLabel")}
          helperText={t("catalogSupply.feeds.urlHint")}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          type="url"
          required
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <TextField
          label={t("catalogSupply.feeds.skillsLabel")}
          helperText={t("catalogSupply.feeds.skillsHint")}
          value={skills}
          onChange={(e) => setSkills(e.target.value)}
          fullWidth
          autoComplete="off"
        />
        <Box>
          <Button type="submit" variant="contained" loading={subscribe.isPending} disabled={!url.trim()}>
            {t("catalogSupply.feeds.subscribe")}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function Feeds() {
  const { t } = useTranslation("settings");
  const message = useErrorMessage();
  const feeds = useCatalogFeeds();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" sx={{ mb: 1 }}>
        {t("catalogSupply.feeds.heading")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t("catalogSupply.feeds.description")}
      </Typography>
      <SubscribeForm />
      {feeds.isPending && <CircularProgress size={24} aria-label={t("catalogSupply.feeds.loading")} sx={{ mt: 2 }} />}
      {feeds.isError && (
        <Alert
          severity="error"
          role="alert"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => feeds.refetch()}>
              {t("catalogSupply.retry")}
            </Button>
          }
        >
          {message(feeds.error)}
        </Alert>
      )}
      {feeds.data && feeds.data.results.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t("catalogSupply.feeds.none")}
        </Typography>
      )}
      {feeds.data && feeds.data.results.length > 0 && (
        <Box component="ul" aria-label={t("catalogSupply.feeds.listLabel")} sx={{ p: 0, mt: 2, mb: 0 }}>
          {feeds.data.results.map((f) => (
            <FeedRow key={f.id} feed={f} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** Settings → Catalog content: the L&D leader adds the starter catalog; the L&D leader and hr follow feeds. */
export function CatalogSupplyCard({ me }: { me: Me }) {
  const { t } = useTranslation("settings");
  return (
    <SettingsCard headingId={CATALOG_SUPPLY_HEADING_ID} heading={t("catalogSupply.heading")} description={t("catalogSupply.description")}>
      <Stack spacing={4}>
        {me.abilities.add_starter_catalog && me.company && <StarterCatalog companyId={me.company.id} />}
        {me.abilities.manage_catalog_feeds && <Feeds />}
      </Stack>
    </SettingsCard>
  );
}
