import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../i18n/useErrorMessage";

/** A two-factor screen's message for a code: the security namespace's own words first, then the app's usual ones. */
export function useSecurityMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation("security");
  const message = useErrorMessage();
  return useCallback(
    (error: unknown) => (typeof error === "string" && i18n.exists(`security:errors.${error}`) ? t(`errors.${error}` as "errors.codeFormat") : message(error)),
    [t, i18n, message],
  );
}
