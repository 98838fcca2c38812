import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { Resources } from "./types";
import { ApiError } from "../lib/api";

type ErrorKey = keyof Resources["errors"];

/**
 * Where codes are translated: `errors` for what anyone may meet (loaded with every page, the sign-in
 * page included), `appErrors` for what only the signed-in app answers (loaded with its layout), so the
 * sign-in page does not carry every feature's refusals.
 */
const ERROR_NAMESPACES = ["errors", "appErrors"] as const;

/**
 * Turns a server error code, a form validation code or any thrown value into a translated message.
 * spec §5: a known code gets its message, otherwise a provided message, otherwise 'We had a error'.
 * Every code the server answers is translated (locales.test.ts), so what a person reads comes from the
 * code; the server's message shows only for a code this build does not know yet.
 */
export function useErrorMessage(): (error: unknown) => string {
  // Only `errors` is asked for: asking for `appErrors` on a public page would load it there (and
  // suspend the page); the signed-in layout has it loaded already.
  const { t, i18n } = useTranslation("errors");
  return useCallback(
    (error: unknown) => {
      const code = error instanceof ApiError ? error.code : typeof error === "string" ? error : undefined;
      const ns = code ? ERROR_NAMESPACES.find((namespace) => i18n.exists(code, { ns: namespace })) : undefined;
      // The code was just found in `ns`: the key is known, however the types see it.
      if (code && ns) return i18n.getFixedT(null, ns)(code as ErrorKey);
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return error.message;
      return t("auth_error");
    },
    [t, i18n],
  );
}
