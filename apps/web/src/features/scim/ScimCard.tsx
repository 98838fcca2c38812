import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import ContentCopyOutlined from "@mui/icons-material/ContentCopyOutlined";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { CompanySetting } from "../../components/CompanySetting";
import type { ScimOwner } from "./api";
import { useCreateScimToken, useScimToken } from "./hooks";

export const SCIM_HEADING_ID = "scim-heading";

const readOnly = { htmlInput: { readOnly: true, spellCheck: false, onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() } };

/** The base URL, the token's state, and its creation or rotation (the new secret shown once). */
function ScimBody({ owner }: { owner: ScimOwner }) {
  const { t } = useTranslation("settings");
  const errorMessage = useErrorMessage();
  const status = useScimToken(owner);
  const create = useCreateScimToken(owner);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => toast(t("scim.copied"), "success"),
      () => toast(t("scim.copyFailed"), "error"),
    );
  const make = () =>
    create.mutate(undefined, {
      onSuccess: (made) => {
        setConfirming(false);
        setSecret(made.token);
      },
    });
  const data = status.data;

  return (
    <>
      {status.isError ? (
        <Alert severity="error" role="alert">
          {errorMessage(status.error)}
        </Alert>
      ) : status.isPending || !data ? (
        <CircularProgress size={28} aria-label={t("scim.loading")} />
      ) : (
        <Stack spacing={2}>
          <TextField label={t("scim.baseUrl")} value={data.base_url} slotProps={readOnly} fullWidth />
          {secret && (
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}>
              <TextField label={t("scim.secret")} value={secret} sx={{ flex: "1 1 16rem", minWidth: 0 }} slotProps={readOnly} />
              <Button variant="contained" startIcon={<ContentCopyOutlined />} onClick={() => void copy(secret)}>
                {t("scim.copy")}
              </Button>
            </Box>
          )}
          {secret && <Alert severity="warning">{t("scim.onlyNow")}</Alert>}
          <Typography>
            {data.active
              ? t("scim.active", {
                  prefix: data.prefix,
                  created: new Date(data.created_at ?? "").toLocaleString(),
                  used: data.last_used_at ? new Date(data.last_used_at).toLocaleString() : t("scim.never"),
                })
              : t("scim.none")}
          </Typography>
          {create.isError && !confirming && (
            <Alert severity="error" role="alert">
              {errorMessage(create.error)}
            </Alert>
          )}
          <Box>
            {data.active ? (
              <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
                {t("scim.rotate")}
              </Button>
            ) : (
              <Button variant="contained" loading={create.isPending} onClick={make}>
                {t("scim.create")}
              </Button>
            )}
          </Box>
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("scim.rotateTitle")}
        text={t("scim.rotateText")}
        confirm={t("scim.rotate")}
        cancel={t("scim.cancel")}
        error={create.isError ? errorMessage(create.error) : null}
        pending={create.isPending}
        onConfirm={make}
        onClose={() => {
          setConfirming(false);
          create.reset();
        }}
      />
    </>
  );
}

/** Settings → Directory provisioning: hr gives Okta or Microsoft Entra ID the base URL and a token, shown once. */
export function ScimCard() {
  return <CompanySetting texts="scim" headingId={SCIM_HEADING_ID} Body={ScimBody} />;
}

/** The same, for the platform admin in a company's details (the admin or hr creates and rotates it). */
export function CompanyScimSection({ companyId }: { companyId: number }) {
  return <CompanySetting texts="scim" companyId={companyId} Body={ScimBody} />;
}
