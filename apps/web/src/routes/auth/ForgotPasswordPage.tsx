import { useForm } from "react-hook-form";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import { FormTextField } from "../../components/FormTextField";
import { useTranslation } from "react-i18next";
import { useRequestPasswordReset } from "../../features/identity/hooks";
import { forgotPasswordResolver } from "../../features/identity/lazyResolvers";
import { preloadOnInput } from "../../components/lazyResolver";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { fieldProps } from "../../components/formField";
import { AuthCard, SubmitThenBack } from "./AuthCard";

export default function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const message = useErrorMessage();
  const requestReset = useRequestPasswordReset();
  const form = useForm({ resolver: forgotPasswordResolver, defaultValues: { email: "" } });

  return (
    <AuthCard title={t("forgot.title")} subtitle={t("forgot.subtitle")}>
      <Box component="form" noValidate onSubmit={form.handleSubmit(({ email }) => requestReset.mutate(email))} {...preloadOnInput(forgotPasswordResolver)}>
        <Stack spacing={2.5}>
          {requestReset.isSuccess && (
            // The answer is the same whether or not the address has an account.
            <Alert severity="success" role="status">
              {t("forgot.sent", { email: requestReset.variables })}
            </Alert>
          )}
          {requestReset.isError && (
            <Alert severity="error" role="alert">
              {message(requestReset.error)}
            </Alert>
          )}
          <FormTextField {...fieldProps(form, "email", message)} label={t("fields.email")} type="email" autoComplete="email" required fullWidth autoFocus />
          <SubmitThenBack label={t("forgot.submit")} pending={requestReset.isPending} />
        </Stack>
      </Box>
    </AuthCard>
  );
}
