import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../i18n/useErrorMessage";

/** A list that could not be loaded: the error in the reader's language, and a button to try again. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation("common");
  const message = useErrorMessage();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t("actions.retry")}
        </Button>
      }
    >
      {message(error)}
    </Alert>
  );
}
