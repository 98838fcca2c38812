import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Link from "@mui/material/Link";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { SamlConnection } from "@learnward/contracts";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { fieldProps } from "../../components/formField";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { CompanySetting } from "../../components/CompanySetting";
import { SettingBody } from "../../components/SettingBody";
import type { SsoOwner } from "./api";
import { ConnectionSwitches } from "./ConnectionSwitches";
import { useSamlConnection, useUpdateSamlConnection } from "./hooks";

export const SAML_HEADING_ID = "saml-heading";

// The server reads the metadata (and fetches a URL); here only that the chosen one is given.
const SamlForm = z
  .object({
    source: z.enum(["url", "xml"]),
    metadata_url: z.string().trim().max(500, "too_long"),
    metadata_xml: z.string().trim().max(200_000, "too_long"),
    enabled: z.boolean(),
    require_sso: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.source === "url" && !/^https?:\/\/\S+$/i.test(v.metadata_url))
      ctx.addIssue({ code: "custom", path: ["metadata_url"], message: "sso_metadata_invalid" });
    if (v.source === "xml" && !v.metadata_xml) ctx.addIssue({ code: "custom", path: ["metadata_xml"], message: "required" });
  });
type Fields = z.infer<typeof SamlForm>;

const valuesOf = (c: SamlConnection): Fields => ({
  source: c.metadata_url || !c.metadata_xml ? "url" : "xml",
  metadata_url: c.metadata_url ?? "",
  metadata_xml: c.metadata_url ? "" : (c.metadata_xml ?? ""),
  enabled: c.enabled,
  require_sso: c.require_sso,
});

/** What hr registers at the identity provider, to select and copy. */
function OurServiceProvider({ connection }: { connection: SamlConnection }) {
  const { t } = useTranslation("settings");
  const readOnly = {
    slotProps: { input: { readOnly: true } },
    fullWidth: true,
    size: "small" as const,
    onFocus: (e: { target: HTMLInputElement | HTMLTextAreaElement }) => e.target.select(),
  };
  return (
    <Stack spacing={2}>
      <Typography variant="body2">{t("saml.registerThese")}</Typography>
      <TextField label={t("saml.spEntityId")} value={connection.sp_entity_id} {...readOnly} />
      <TextField label={t("saml.acsUrl")} value={connection.acs_url} {...readOnly} />
      <Link href={connection.sp_metadata_url} target="_blank" rel="noopener" variant="body2">
        {t("saml.spMetadata")}
      </Link>
    </Stack>
  );
}

function SamlEditor({ connection, owner }: { connection: SamlConnection; owner: SsoOwner }) {
  const { t } = useTranslation("settings");
  const message = useErrorMessage();
  const update = useUpdateSamlConnection(owner);
  const form = useForm({ resolver: zodResolver(SamlForm), defaultValues: valuesOf(connection) });
  const source = form.watch("source");

  const save = form.handleSubmit(({ source, metadata_url, metadata_xml, ...flags }) =>
    update.mutate(source === "url" ? { metadata_url, ...flags } : { metadata_xml, ...flags }, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        toast(t("saml.saved"), "success");
      },
      onError: (error) => {
        if (isApiError(error, "sso_metadata_invalid")) form.setError(source === "url" ? "metadata_url" : "metadata_xml", { message: "sso_metadata_invalid" });
      },
    }),
  );
  const onField = update.isError && isApiError(update.error, "sso_metadata_invalid");

  return (
    <Box component="form" noValidate onSubmit={save}>
      <Stack spacing={2.5}>
        {update.isError && !onField && (
          <Alert severity="error" role="alert">
            {message(update.error)}
          </Alert>
        )}
        <OurServiceProvider connection={connection} />
        {connection.idp_entity_id && (
          <Typography variant="body2" sx={{ wordBreak: "break-all" }}>
            {t("saml.connectedTo", { entityId: connection.idp_entity_id })}
          </Typography>
        )}
        <FormControl>
          <FormLabel id="saml-source-label">{t("saml.source")}</FormLabel>
          <RadioGroup row aria-labelledby="saml-source-label" value={source} onChange={(e) => form.setValue("source", e.target.value as Fields["source"])}>
            <FormControlLabel value="url" control={<Radio />} label={t("saml.sourceUrl")} />
            <FormControlLabel value="xml" control={<Radio />} label={t("saml.sourceXml")} />
          </RadioGroup>
        </FormControl>
        {source === "url" ? (
          <TextField
            {...fieldProps(form, "metadata_url", message)}
            label={t("saml.metadataUrl")}
            type="url"
            placeholder="https://"
            autoComplete="off"
            required
            fullWidth
          />
        ) : (
          <TextField {...fieldProps(form, "metadata_xml", message)} label={t("saml.metadataXml")} multiline minRows={4} maxRows={12} required fullWidth />
        )}
        <ConnectionSwitches
          texts="saml"
          enabled={form.register("enabled")}
          requireSso={form.register("require_sso")}
          connection={connection}
          saving={update.isPending}
        />
      </Stack>
    </Box>
  );
}

function SamlBody({ owner }: { owner: SsoOwner }) {
  const { t } = useTranslation("settings");
  const connection = useSamlConnection(owner);
  return (
    <SettingBody query={connection} loadingLabel={t("saml.loading")}>
      {(saved) => <SamlEditor connection={saved} owner={owner} />}
    </SettingBody>
  );
}

/** Settings → SAML single sign-on: hr connects the company's SAML 2.0 identity provider. */
export function SamlCard() {
  return <CompanySetting texts="saml" headingId={SAML_HEADING_ID} Body={SamlBody} />;
}

/** The same, for the platform admin in a company's details (the admin or hr sets it). */
export function CompanySamlSection({ companyId }: { companyId: number }) {
  return <CompanySetting texts="saml" companyId={companyId} Body={SamlBody} />;
}
