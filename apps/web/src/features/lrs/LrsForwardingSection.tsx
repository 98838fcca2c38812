import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { type LrsForwarder, SaveLrsForwarderRequest, type TestLrsForwarderResponse } from "@learnward/contracts";
import { fieldProps } from "../../components/formField";
import { SettingBody } from "../../components/SettingBody";
import { SettingsCard } from "../../components/SettingsCard";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useLrsForwarder, useSaveLrsForwarder, useTestLrsForwarder } from "./hooks";

export const LRS_FORWARDING_HEADING_ID = "lrs-forwarding-heading";

// The contract's limits; the secret may stay empty once one is saved (the saved one is kept). The
// server decides which schemes it takes (https, and http only where configured).
const Fields = SaveLrsForwarderRequest.extend({
  endpoint: SaveLrsForwarderRequest.shape.endpoint.refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), "xapi_forward_url_invalid"),
  secret: z.string().max(500),
  enabled: z.boolean(),
});
type Fields = z.infer<typeof Fields>;
const valuesOf = (f: LrsForwarder): Fields => ({ endpoint: f.endpoint ?? "", key: f.key ?? "", secret: "", enabled: f.endpoint ? f.enabled : true });

function ForwardingEditor({ saved }: { saved: LrsForwarder }) {
  const { t } = useTranslation("settings");
  const message = useErrorMessage();
  const save = useSaveLrsForwarder();
  const test = useTestLrsForwarder();
  const [result, setResult] = useState<TestLrsForwarderResponse | null>(null);
  const form = useForm({ resolver: zodResolver(Fields), defaultValues: valuesOf(saved) });
  const dirty = form.formState.isDirty;

  const submit = form.handleSubmit((v) =>
    save.mutate(
      { endpoint: v.endpoint, key: v.key, enabled: v.enabled, ...(v.secret ? { secret: v.secret } : {}) },
      {
        onSuccess: (now) => {
          form.reset(valuesOf(now));
          setResult(null);
          toast(t("lrsForwarding.saved"), "success");
        },
        onError: (error) => {
          // The server names the field it refused.
          if (isApiError(error, "xapi_forward_url_invalid")) form.setError("endpoint", { message: "xapi_forward_url_invalid" });
          if (isApiError(error, "xapi_forward_secret_required")) form.setError("secret", { message: "xapi_forward_secret_required" });
        },
      },
    ),
  );
  const refusedField = save.isError && (isApiError(save.error, "xapi_forward_url_invalid") || isApiError(save.error, "xapi_forward_secret_required"));
  const endpoint = fieldProps(form, "endpoint", message);
  const secret = fieldProps(form, "secret", message);

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t("lrsForwarding.formLabel")}>
      <Stack spacing={2.5}>
        {save.isError && !refusedField && (
          <Alert severity="error" role="alert">
            {message(save.error)}
          </Alert>
        )}
        <TextField
          {...endpoint}
          label={t("lrsForwarding.endpoint")}
          type="url"
          placeholder="https://"
          autoComplete="off"
          fullWidth
          helperText={endpoint.helperText ?? t("lrsForwarding.endpointHint")}
        />
        <TextField {...fieldProps(form, "key", message)} label={t("lrsForwarding.key")} autoComplete="off" fullWidth />
        <TextField
          {...secret}
          label={t("lrsForwarding.secret")}
          type="password"
          autoComplete="new-password"
          fullWidth
          helperText={secret.helperText ?? (saved.has_secret ? t("lrsForwarding.secretKept") : undefined)}
        />
        <FormControlLabel control={<Checkbox {...form.register("enabled")} defaultChecked={valuesOf(saved).enabled} />} label={t("lrsForwarding.enabled")} />
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5 }}>
          <Button type="submit" variant="contained" loading={save.isPending} disabled={!dirty}>
            {t("lrsForwarding.save")}
          </Button>
          <Button
            variant="outlined"
            loading={test.isPending}
            // A test goes to the saved LRS: save a change first.
            disabled={dirty || !saved.endpoint}
            onClick={() => (setResult(null), test.mutate(undefined, { onSuccess: setResult }))}
          >
            {t("lrsForwarding.test")}
          </Button>
        </Box>
        {test.isError && (
          <Alert severity="error" role="alert">
            {message(test.error)}
          </Alert>
        )}
        {result && (
          <Alert severity={result.ok ? "success" : "error"} role={result.ok ? "status" : "alert"}>
            {result.ok
              ? t("lrsForwarding.testSent")
              : result.status
                ? t("lrsForwarding.testRefused", { status: result.status })
                : t("lrsForwarding.testUnreachable")}
          </Alert>
        )}
        {saved.endpoint && (
          <Typography variant="body2" color="text.secondary">
            {t("lrsForwarding.counts", { pending: saved.pending, failed: saved.failed })}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}

/** Settings → Forward learning records: hr and the L&D leader send the company's events to an outside LRS. */
export function LrsForwardingSection() {
  const { t } = useTranslation("settings");
  const forwarder = useLrsForwarder();
  return (
    <SettingsCard headingId={LRS_FORWARDING_HEADING_ID} heading={t("lrsForwarding.heading")} description={t("lrsForwarding.description")}>
      <SettingBody query={forwarder} loadingLabel={t("lrsForwarding.loading")}>
        {(saved) => <ForwardingEditor saved={saved} />}
      </SettingBody>
    </SettingsCard>
  );
}
