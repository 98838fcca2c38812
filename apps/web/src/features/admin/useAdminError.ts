import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { useFormatMoney } from "./ui";

/** A form validation code: the admin namespace's own words first, then the app's usual ones. */
export function useFormMessage(): (code: string, values?: { entry?: string }) => string {
  const { t, i18n } = useTranslation("admin");
  const message = useErrorMessage();
  return useCallback(
    (code: string, values?: { entry?: string }) =>
      i18n.exists(`admin:form.errors.${code}`) ? t(`form.errors.${code}` as "form.errors.invalidAllowlist", { entry: values?.entry ?? "" }) : message(code),
    [t, i18n, message],
  );
}

const detail = (details: unknown, key: string): number | null => {
  if (typeof details !== "object" || details === null) return null;
  const value = (details as Record<string, unknown>)[key];
  return typeof value === "number" ? value : null;
};

/**
 * The admin module's refusals, translated. The server answers its conflicts with the one code
 * `conflict` and an English sentence, so the sentence says which one it was.
 */
export function useAdminError(currency?: string): (error: unknown) => string {
  const { t } = useTranslation("admin");
  const money = useFormatMoney();
  const fallback = useErrorMessage();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError)) return fallback(error);
      const m = error.message;
      if (m.startsWith("You can't deactivate or demote yourself")) return t("serverErrors.self");
      if (m.startsWith("Only platform operators have no company")) return t("serverErrors.noCompany");
      if (m.startsWith("A company with this domain")) return t("form.errors.domainTaken");
      if (m.startsWith("This invitation was already accepted")) return t("serverErrors.invitationAccepted");
      if (error.status === 404 && m.startsWith("Invitation")) return t("serverErrors.noInvitation");
      if (error.status === 404 && m.startsWith("Company")) return t("serverErrors.companyMissing");
      if (m.startsWith("The budget can't be less")) {
        const allocated = detail(error.details, "allocated_minor");
        return t("serverErrors.belowAllocated", { allocated: allocated !== null && currency ? money(allocated, currency) : "" });
      }
      return fallback(error);
    },
    [t, money, fallback, currency],
  );
}
