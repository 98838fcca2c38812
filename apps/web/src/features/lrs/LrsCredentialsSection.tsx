import { useCallback, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { LrsCredential, LrsCredentialWithSecret } from "@learnward/contracts";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { LoadFailed } from "../../components/LoadFailed";
import { Loading } from "../../components/Loading";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { useCreateLrsCredential, useLrsCredentials, useRevokeLrsCredential, useRotateLrsCredential } from "./hooks";

export const LRS_HEADING_ID = "lrs-heading";

const readOnly = { htmlInput: { readOnly: true, spellCheck: false, onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() } };

/** Dates in the reader's language. */
function useFormatDate() {
  const { i18n } = useTranslation();
  return useCallback((iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(iso)), [i18n.language]);
}

/** A key and secret just made: the secret is shown this once. */
function NewSecret({ made, onDone }: { made: LrsCredentialWithSecret; onDone: () => void }) {
  const { t } = useTranslation("settings");
  return (
    <Alert severity="success" icon={false} sx={{ "& .MuiAlert-message": { width: "100%", minWidth: 0 } }}>
      <Stack spacing={1.5}>
        <Typography sx={{ fontWeight: 600 }}>{t("lrs.createdHeading", { name: made.name })}</Typography>
        <Typography variant="body2">{t("lrs.copyNow")}</Typography>
        <TextField label={t("lrs.key")} value={made.key} slotProps={readOnly} fullWidth />
        <TextField label={t("lrs.secret")} value={made.secret} slotProps={readOnly} fullWidth autoFocus />
        <Box>
          <Button variant="outlined" onClick={onDone}>
            {t("lrs.done")}
          </Button>
        </Box>
      </Stack>
    </Alert>
  );
}

function CredentialRow({ credential, onRotate, onRevoke }: { credential: LrsCredential; onRotate: () => void; onRevoke: () => void }) {
  const { t } = useTranslation("settings");
  const formatDate = useFormatDate();
  const revoked = credential.revoked_at !== null;
  return (
    <ListItem divider sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center", px: 0 }}>
      <Box sx={{ flex: "1 1 14rem", minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{credential.name}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}>
          {t("lrs.keyIs", { key: credential.key })}
        </Typography>
        <Typography variant="body2" color={revoked ? "error" : "text.secondary"}>
          {revoked
            ? t("lrs.revokedOn", { date: formatDate(credential.revoked_at!) })
            : credential.last_used_at
              ? t("lrs.lastUsed", { date: formatDate(credential.last_used_at) })
              : t("lrs.neverUsed")}
        </Typography>
      </Box>
      {!revoked && (
        <Box sx={{ display: "flex", gap: 1 }}>
          <Button variant="outlined" onClick={onRotate} aria-label={t("lrs.rotateNamed", { name: credential.name })}>
            {t("lrs.rotate")}
          </Button>
          <Button variant="outlined" color="error" onClick={onRevoke} aria-label={t("lrs.revokeNamed", { name: credential.name })}>
            {t("lrs.revoke")}
          </Button>
        </Box>
      )}
    </ListItem>
  );
}

/**
 * Settings → Learning records (xAPI): the endpoint outside course platforms send statements to, and
 * the key and secret pairs they use. A secret is shown once, when made or rotated.
 */
export function LrsCredentialsSection() {
  const { t } = useTranslation("settings");
  const message = useErrorMessage();
  const list = useLrsCredentials();
  const create = useCreateLrsCredential();
  const rotate = useRotateLrsCredential();
  const revoke = useRevokeLrsCredential();
  const [name, setName] = useState("");
  const [made, setMade] = useState<LrsCredentialWithSecret | null>(null);
  const [asked, setAsked] = useState<{ kind: "rotate" | "revoke"; credential: LrsCredential } | null>(null);
  const change = asked?.kind === "rotate" ? rotate : revoke;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    create.mutate(name.trim(), { onSuccess: (c) => (setMade(c), setName("")) });
  };
  const confirm = () => {
    if (!asked) return;
    if (asked.kind === "rotate") rotate.mutate(asked.credential.id, { onSuccess: (c) => (setMade(c), setAsked(null)) });
    else revoke.mutate(asked.credential.id, { onSuccess: () => (toast(t("lrs.revoked", { name: asked.credential.name }), "success"), setAsked(null)) });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={LRS_HEADING_ID} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={LRS_HEADING_ID} variant="h2" sx={{ mb: 2 }}>
        {t("lrs.heading")}
      </Typography>
      <Stack spacing={2.5}>
        <Typography color="text.secondary">{t("lrs.intro")}</Typography>
        {list.data && <TextField label={t("lrs.endpoint")} value={list.data.endpoint} slotProps={readOnly} fullWidth />}
        {made && <NewSecret made={made} onDone={() => setMade(null)} />}
        <Box component="form" noValidate onSubmit={submit} aria-label={t("lrs.formLabel")}>
          <Stack spacing={2}>
            {create.isError && (
              <Alert severity="error" role="alert">
                {message(create.error)}
              </Alert>
            )}
            <TextField
              label={t("lrs.name")}
              placeholder={t("lrs.namePlaceholder")}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              fullWidth
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <Box>
              <Button type="submit" variant="contained" loading={create.isPending} disabled={!name.trim()}>
                {t("lrs.create")}
              </Button>
            </Box>
          </Stack>
        </Box>
        <Box>
          <Typography variant="h3" sx={{ mb: 1 }}>
            {t("lrs.listHeading")}
          </Typography>
          {list.isPending ? (
            <Loading label={t("lrs.loading")} />
          ) : list.isError ? (
            <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
          ) : list.data.results.length === 0 ? (
            <Typography color="text.secondary">{t("lrs.empty")}</Typography>
          ) : (
            <List aria-label={t("lrs.listHeading")} disablePadding>
              {list.data.results.map((c) => (
                <CredentialRow
                  key={c.id}
                  credential={c}
                  onRotate={() => setAsked({ kind: "rotate", credential: c })}
                  onRevoke={() => setAsked({ kind: "revoke", credential: c })}
                />
              ))}
            </List>
          )}
        </Box>
      </Stack>
      <ConfirmDialog
        open={asked !== null}
        title={t(asked?.kind === "rotate" ? "lrs.rotateTitle" : "lrs.revokeTitle", { name: asked?.credential.name ?? "" })}
        text={t(asked?.kind === "rotate" ? "lrs.rotateText" : "lrs.revokeText")}
        confirm={t(asked?.kind === "rotate" ? "lrs.rotate" : "lrs.revoke")}
        cancel={t("lrs.cancel")}
        error={change.isError ? message(change.error) : null}
        pending={change.isPending}
        onConfirm={confirm}
        onClose={() => (setAsked(null), rotate.reset(), revoke.reset())}
      />
    </Paper>
  );
}
