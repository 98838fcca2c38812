import type { ReactNode } from "react";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { TextLink } from "../../components/TextLink";
import { usePageTitle } from "../../components/usePageTitle";

/** The narrow card every sign-in screen uses. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Paper variant="outlined" sx={{ maxWidth: 440, mx: "auto", p: { xs: 3, sm: 4 } }}>
      <Typography variant="h1" sx={{ mb: subtitle ? 1 : 3 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {subtitle}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** The end of a password form reached from the sign-in page: its submit button, then the way back to sign-in. */
export function SubmitThenBack({ label, pending }: { label: string; pending: boolean }) {
  const { t } = useTranslation("auth");
  return (
    <>
      <Button type="submit" variant="contained" size="large" loading={pending} fullWidth>
        {label}
      </Button>
      <TextLink to="/login" style={{ textAlign: "center" }}>
        {t("forgot.back")}
      </TextLink>
    </>
  );
}
