import { useCallback, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import ContentCopyOutlined from "@mui/icons-material/ContentCopyOutlined";
import { useTranslation } from "react-i18next";
import { ACCESS_TOKEN_EXPIRY_DAYS, ACCESS_TOKEN_NAME_MAX, type AccessToken, type CreateAccessTokenResponse } from "@learnward/contracts";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { fieldProps } from "../../components/formField";
import { LoadFailed } from "../../components/LoadFailed";
import { Loading } from "../../components/Loading";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken } from "./hooks";

export const ACCESS_TOKENS_HEADING_ID = "access-tokens-heading";

const NEVER = "never";
const TokenForm = z.object({
  name: z.string().trim().min(1, { message: "required" }).max(ACCESS_TOKEN_NAME_MAX, { message: "too_long" }),
  expires: z.enum([NEVER, ...ACCESS_TOKEN_EXPIRY_DAYS.map(String)]),
});

/** Dates in the reader's language. */
function useFormatDate() {
  const { i18n } = useTranslation();
  return useCallback((iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(iso)), [i18n.language]);
}

/** The token just made: shown this once, with a copy button; focus goes to it so nobody misses it. */
function NewToken({ created, onDone }: { created: CreateAccessTokenResponse; onDone: () => void }) {
  const { t } = useTranslation("settings");
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), [created.token]);
  const copy = () =>
    navigator.clipboard.writeText(created.token).then(
      () => toast(t("accessTokens.copied"), "success"),
      () => toast(t("accessTokens.copyFailed"), "error"),
    );
  return (
    <Alert severity="success" icon={false} sx={{ "& .MuiAlert-message": { width: "100%", minWidth: 0 } }}>
      <Stack spacing={1.5}>
        <Typography sx={{ fontWeight: 600 }}>{t("accessTokens.createdHeading", { name: created.name })}</Typography>
        <Typography variant="body2">{t("accessTokens.copyNow")}</Typography>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}>
          <TextField
            label={t("accessTokens.newToken")}
            value={created.token}
            inputRef={field}
            sx={{ flex: "1 1 16rem", minWidth: 0 }}
            slotProps={{
              htmlInput: {
                readOnly: true,
                spellCheck: false,
                onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select(),
                sx: { fontFamily: "monospace" },
              },
            }}
          />
          <Button variant="contained" startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
            {t("accessTokens.copy")}
          </Button>
        </Box>
        <Typography variant="body2">{t("accessTokens.howToUse")}</Typography>
        <Box>
          <Button variant="outlined" onClick={onDone}>
            {t("accessTokens.done")}
          </Button>
        </Box>
      </Stack>
    </Alert>
  );
}

function TokenRow({ token, onRevoke }: { token: AccessToken; onRevoke: () => void }) {
  const { t } = useTranslation("settings");
  const formatDate = useFormatDate();
  const expired = token.expires_at !== null && Date.parse(token.expires_at) <= Date.now();
  return (
    <ListItem divider sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center", px: 0 }}>
      <Box sx={{ flex: "1 1 14rem", minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{token.name}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: "monospace" }}>
          {t("accessTokens.prefix", { prefix: token.prefix })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t("accessTokens.created", { date: formatDate(token.created_at) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {token.last_used_at ? t("accessTokens.lastUsed", { date: formatDate(token.last_used_at) }) : t("accessTokens.neverUsed")}
        </Typography>
        <Typography variant="body2" color={expired ? "error" : "text.secondary"}>
          {token.expires_at === null
            ? t("accessTokens.noExpiry")
            : t(expired ? "accessTokens.expired" : "accessTokens.expires", { date: formatDate(token.expires_at) })}
        </Typography>
      </Box>
      <Button variant="outlined" color="error" onClick={onRevoke} aria-label={t("accessTokens.revokeNamed", { name: token.name })}>
        {t("accessTokens.revoke")}
      </Button>
    </ListItem>
  );
}

/**
 * Settings → Access tokens: personal access tokens for the browser extension and scripts. A new one
 * is shown once; the list shows when each was made and last used, and any can be revoked.
 */
export function AccessTokensSection() {
  const { t } = useTranslation("settings");
  const message = useErrorMessage();
  const tokens = useAccessTokens();
  const create = useCreateAccessToken();
  const revoke = useRevokeAccessToken();
  const [created, setCreated] = useState<CreateAccessTokenResponse | null>(null);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  const form = useForm({ resolver: zodResolver(TokenForm), defaultValues: { name: "", expires: NEVER } });

  const submit = form.handleSubmit((values) =>
    create.mutate(
      { name: values.name, expires_in_days: values.expires === NEVER ? null : (Number(values.expires) as (typeof ACCESS_TOKEN_EXPIRY_DAYS)[number]) },
      {
        onSuccess: (made) => {
          setCreated(made);
          form.reset();
        },
      },
    ),
  );
  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast(t("accessTokens.revoked", { name: revoking.name }), "success");
        if (created?.id === revoking.id) setCreated(null);
        setRevoking(null);
      },
    });
  };
  const closeRevoke = () => {
    setRevoking(null);
    revoke.reset();
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={ACCESS_TOKENS_HEADING_ID} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={ACCESS_TOKENS_HEADING_ID} variant="h2" sx={{ mb: 2 }}>
        {t("accessTokens.heading")}
      </Typography>
      <Stack spacing={2.5}>
        <Typography color="text.secondary">{t("accessTokens.intro")}</Typography>
        {created && <NewToken created={created} onDone={() => setCreated(null)} />}
        <Box component="form" noValidate onSubmit={submit} aria-label={t("accessTokens.formLabel")}>
          <Stack spacing={2}>
            {create.isError && (
              <Alert severity="error" role="alert">
                {message(create.error)}
              </Alert>
            )}
            <TextField
              {...fieldProps(form, "name", message)}
              label={t("accessTokens.name")}
              placeholder={t("accessTokens.namePlaceholder")}
              required
              fullWidth
            />
            <TextField {...fieldProps(form, "expires", message)} select label={t("accessTokens.expiry")} fullWidth slotProps={{ select: { native: true } }}>
              <option value={NEVER}>{t("accessTokens.expiryNever")}</option>
              {ACCESS_TOKEN_EXPIRY_DAYS.map((days) => (
                <option key={days} value={String(days)}>
                  {t("accessTokens.expiryDays", { count: days })}
                </option>
              ))}
            </TextField>
            <Box>
              <Button type="submit" variant="contained" loading={create.isPending}>
                {t("accessTokens.create")}
              </Button>
            </Box>
          </Stack>
        </Box>
        <Box>
          <Typography variant="h3" sx={{ mb: 1 }}>
            {t("accessTokens.listHeading")}
          </Typography>
          {tokens.isPending ? (
            <Loading label={t("accessTokens.loading")} />
          ) : tokens.isError ? (
            <LoadFailed error={tokens.error} onRetry={() => void tokens.refetch()} />
          ) : tokens.data.length === 0 ? (
            <Typography color="text.secondary">{t("accessTokens.empty")}</Typography>
          ) : (
            <List aria-label={t("accessTokens.listHeading")} disablePadding>
              {tokens.data.map((token) => (
                <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
              ))}
            </List>
          )}
        </Box>
      </Stack>
      <ConfirmDialog
        open={revoking !== null}
        title={t("accessTokens.revokeTitle", { name: revoking?.name ?? "" })}
        text={t("accessTokens.revokeText")}
        confirm={t("accessTokens.revoke")}
        cancel={t("accessTokens.cancel")}
        error={revoke.isError ? message(revoke.error) : null}
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={closeRevoke}
      />
    </Paper>
  );
}
