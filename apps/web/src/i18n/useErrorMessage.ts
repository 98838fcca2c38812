import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { Resources } from "./types";
import { ApiError } from "../lib/api";

type ErrorKey = keyof Resources["errors"];

/**
 * Turns a server error code, a form validation code or any thrown value into a translated message.
 * spec §5: a known code gets its message, otherwise 'We had a error'. The server's own message is
 * English for developers and logs (issue 24): what a person reads comes from the code alone.
 */
export function useErrorMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation("errors");
  return useCallback(
    (error: unknown) => {
      const code = error instanceof ApiError ? error.code : typeof error === "string" ? error : undefined;
      if (code && i18n.exists(code, { ns: "errors" })) return t(code as ErrorKey);
      return t("auth_error");
    },
    [t, i18n],
  );
}
