import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { ErrorCode } from "@learnward/contracts";
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

/** The admin refusals worded for the admin screens; other codes get the app's usual messages. */
const ADMIN_TEXTS: Partial<
  Record<
    ErrorCode,
    | "serverErrors.self"
    | "serverErrors.noCompany"
    | "serverErrors.operatorHasCompany"
    | "form.errors.domainTaken"
    | "serverErrors.invitationAccepted"
    | "serverErrors.noInvitation"
    | "serverErrors.companyMissing"
  >
> = {
  cannot_change_own_account: "serverErrors.self",
  company_required: "serverErrors.noCompany",
  operator_has_company: "serverErrors.operatorHasCompany",
  company_domain_taken: "form.errors.domainTaken",
  invitation_already_accepted: "serverErrors.invitationAccepted",
  invitation_not_found: "serverErrors.noInvitation",
  company_not_found: "serverErrors.companyMissing",
};

/** The admin module's refusals, translated by their code, with the amount a budget refusal names. */
export function useAdminError(currency?: string): (error: unknown) => string {
  const { t } = useTranslation("admin");
  const money = useFormatMoney();
  const fallback = useErrorMessage();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError)) return fallback(error);
      const text = ADMIN_TEXTS[error.code as ErrorCode];
      if (text) return t(text);
      if (error.code === "budget_below_allocated") {
        const allocated = detail(error.details, "allocated_minor");
        return t("serverErrors.belowAllocated", { allocated: allocated !== null && currency ? money(allocated, currency) : "" });
      }
      return fallback(error);
    },
    [t, money, fallback, currency],
  );
}
