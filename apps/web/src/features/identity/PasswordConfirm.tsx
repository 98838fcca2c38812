import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { UseMutationResult } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { PasswordConfirmForm } from "./forms";
import { useSecurityMessage } from "./useSecurityMessage";
import { fieldProps } from "../../components/formField";
import { PasswordField } from "../../components/PasswordField";
import { isApiError } from "../../lib/api";

interface Props<T> {
  /** The account's address, for password managers to pick the right password. */
  email: string;
  submitLabel: string;
  mutation: UseMutationResult<T, Error, string>;
  onSuccess: (result: T) => void;
  onCancel?: () => void;
}

/** Asks for the password before a two-factor change, and says on the field when it is wrong. */
export function PasswordConfirm<T>({ email, submitLabel, mutation, onSuccess, onCancel }: Props<T>) {
  const { t } = useTranslation("security");
  const message = useSecurityMessage();
  const form = useForm({ resolver: zodResolver(PasswordConfirmForm), defaultValues: { password: "" } });
  const submit = form.handleSubmit(({ password }) =>
    mutation.mutate(password, {
      onSuccess,
      onError: (error) => {
        // better-auth says "invalid credentials": here that can only be the password.
        if (isApiError(error, "invalid_credentials")) form.setError("password", { message: "wrongPassword" }, { shouldFocus: true });
      },
    }),
  );
  const otherError = mutation.isError && !isApiError(mutation.error, "invalid_credentials");

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <Stack spacing={2}>
        {otherError && (
          <Alert severity="error" role="alert">
            {message(mutation.error)}
          </Alert>
        )}
        <PasswordField {...fieldProps(form, "password", message)} label={t("setup.password")} autoComplete="current-password" required fullWidth autoFocus />
        <Box sx={{ display: "flex", flexWrap: "wrap", justifyContent: "flex-end", gap: 1 }}>
          {onCancel && <Button onClick={onCancel}>{t("setup.cancel")}</Button>}
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
