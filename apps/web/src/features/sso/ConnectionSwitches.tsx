import type { UseFormRegisterReturn } from "react-hook-form";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import { useTranslation } from "react-i18next";

interface ConnectionSwitchesProps {
  /** The texts' namespace: the OpenID Connect card's ("sso") or the SAML card's ("saml"). */
  texts: "sso" | "saml";
  enabled: UseFormRegisterReturn<"enabled">;
  requireSso: UseFormRegisterReturn<"require_sso">;
  /** The saved connection, whose switches the boxes start from. */
  connection: { enabled: boolean; require_sso: boolean };
  saving: boolean;
}

/** The end of a sign-on connection's form: "on", "everyone must sign in through it", and save. */
export function ConnectionSwitches({ texts, enabled, requireSso, connection, saving }: ConnectionSwitchesProps) {
  const { t } = useTranslation("settings");
  return (
    <>
      <FormControlLabel control={<Checkbox {...enabled} defaultChecked={connection.enabled} />} label={t(`${texts}.enabled`)} />
      <FormControlLabel control={<Checkbox {...requireSso} defaultChecked={connection.require_sso} />} label={t(`${texts}.requireSso`)} />
      <Box>
        <Button type="submit" variant="contained" loading={saving}>
          {t(`${texts}.save`)}
        </Button>
      </Box>
    </>
  );
}
