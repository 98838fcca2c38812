import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { Resources } from "./types";
import { ApiError } from "../lib/api";

type ErrorKey = keyof Resources["errors"];

/**
 * Turns a server error code, a form validation code or any thrown value into a translated message.
 * spec §5: a known code gets its message, otherwise a provided message, otherwise 'We had a error'.
 * Every code the server answers is translated (locales.test.ts), so what a person reads comes from the
 * code; the server's message shows only for a code this build does not know yet.
 */
export function useErrorMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation("errors");
  return useCallback(
    (error: unknown) => {
      const code = error instanceof ApiError ? error.code : typeof error === "string" ? error : undefined;
      if (code && i18n.exists(code, { ns: "errors" })) return t(code as ErrorKey);
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return error.message;
      return t("auth_error");
    },
    [t, i18n],
  );
}
