import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import ContentCopyOutlined from "@mui/icons-material/ContentCopyOutlined";
import { useTranslation } from "react-i18next";
import type { EnableTwoFactorResponse } from "@learnward/contracts";
import { BackupCodes } from "./BackupCodes";
import { ConfirmTotpForm } from "./forms";
import { PasswordConfirm } from "./PasswordConfirm";
import { QrCode } from "./QrCode";
import { useConfirmTwoFactor, useEnableTwoFactor } from "./twoFactor";
import { useSecurityMessage } from "./useSecurityMessage";
import { fieldProps } from "../../components/formField";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";

type HeadingLevel = "h2" | "h3";
type Step = { kind: "password" } | { kind: "scan"; setup: EnableTwoFactorResponse } | { kind: "codes"; codes: string[] };

/** The shared secret of an otpauth:// URI, in groups of four as apps print it; null if it has none. */
export function setupKey(totpURI: string): string | null {
  try {
    const secret = new URL(totpURI).searchParams.get("secret");
    return secret ? (secret.match(/.{1,4}/g) ?? []).join(" ") : null;
  } catch {
    return null;
  }
}

/** Step 2: the QR code and the setup key, then the code that proves the app has them. */
function ScanStep({
  setup,
  headingLevel,
  onConfirmed,
  onCancel,
}: {
  setup: EnableTwoFactorResponse;
  headingLevel: HeadingLevel;
  onConfirmed: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("security");
  const message = useSecurityMessage();
  const confirm = useConfirmTwoFactor();
  const heading = useRef<HTMLHeadingElement>(null);
  // The password form it replaces had the focus: start reading at this step's heading.
  useEffect(() => heading.current?.focus(), []);
  const form = useForm({ resolver: zodResolver(ConfirmTotpForm), defaultValues: { code: "" } });
  const key = setupKey(setup.totpURI);
  const submit = form.handleSubmit(({ code }) =>
    confirm.mutate(code, {
      onSuccess: onConfirmed,
      onError: (error) => {
        if (isApiError(error, "invalid_code")) form.setError("code", { message: "invalid_code" }, { shouldFocus: true });
      },
    }),
  );
  const copyKey = () =>
    navigator.clipboard.writeText(key?.replace(/ /g, "") ?? "").then(
      () => toast(t("setup.secretCopied"), "success"),
      () => toast(t("setup.copyFailed"), "error"),
    );

  return (
    <Stack spacing={2}>
      <Typography ref={heading} tabIndex={-1} variant="h3" component={headingLevel} sx={{ outline: "none" }}>
        {t("setup.scanHeading")}
      </Typography>
      <Typography>{t("setup.scanIntro")}</Typography>
      <QrCode value={setup.totpURI} label={t("setup.qrLabel")} failedText={t("setup.qrFailed")} />
      <Typography variant="body2" color="text.secondary">
        {t("setup.manual")}
      </Typography>
      {/* Multiline: the whole key stays in view on a phone, for typing it into the app. */}
      <TextField
        label={t("setup.secret")}
        value={key ?? ""}
        fullWidth
        multiline
        slotProps={{
          htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" } },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={t("setup.copySecret")}>
                  <IconButton aria-label={t("setup.copySecret")} edge="end" onClick={() => void copyKey()}>
                    <ContentCopyOutlined />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <Typography variant="h3" component={headingLevel} sx={{ pt: 1 }}>
        {t("setup.confirmHeading")}
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          {confirm.isError && !isApiError(confirm.error, "invalid_code") && (
            <Alert severity="error" role="alert">
              {message(confirm.error)}
            </Alert>
          )}
          <TextField
            {...fieldProps(form, "code", message)}
            label={t("setup.code")}
            autoComplete="one-time-code"
            required
            fullWidth
            slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 12, spellCheck: false } }}
          />
          <Box sx={{ display: "flex", flexWrap: "wrap", justifyContent: "flex-end", gap: 1 }}>
            {onCancel && <Button onClick={onCancel}>{t("setup.cancel")}</Button>}
            <Button type="submit" variant="contained" loading={confirm.isPending}>
              {t("setup.confirm")}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Stack>
  );
}

interface TwoFactorSetupProps {
  email: string;
  /** The authenticator is active (the server replaced the session's cookie); its backup codes show next. */
  onConfirmed?: () => void;
  /** The person saved their backup codes. */
  onDone: () => void;
  onCancel?: () => void;
  headingLevel?: HeadingLevel;
}

/**
 * Turning on two-factor sign-in, as settings and the "your role requires it" page both do it: the
 * password, then the QR code (and the key, for typing it in), then a code from the app, then the
 * backup codes, shown once.
 */
export function TwoFactorSetup({ email, onConfirmed, onDone, onCancel, headingLevel = "h3" }: TwoFactorSetupProps) {
  const { t } = useTranslation("security");
  const enable = useEnableTwoFactor();
  const [step, setStep] = useState<Step>({ kind: "password" });

  if (step.kind === "codes") return <BackupCodes codes={step.codes} email={email} onDone={onDone} headingLevel={headingLevel} />;
  if (step.kind === "scan") {
    const { backupCodes } = step.setup;
    const confirmed = () => {
      onConfirmed?.();
      setStep({ kind: "codes", codes: backupCodes });
    };
    return <ScanStep setup={step.setup} headingLevel={headingLevel} onConfirmed={confirmed} onCancel={onCancel} />;
  }
  return (
    <Stack spacing={2}>
      <Typography>{t("setup.intro")}</Typography>
      <PasswordConfirm
        email={email}
        submitLabel={t("setup.start")}
        mutation={enable}
        onSuccess={(setup) => setStep({ kind: "scan", setup })}
        onCancel={onCancel}
      />
    </Stack>
  );
}
