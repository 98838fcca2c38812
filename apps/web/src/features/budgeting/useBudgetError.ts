import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { formatMoney } from "./money";

const detail = (details: unknown, key: string): number | null => {
  if (typeof details !== "object" || details === null) return null;
  const value = (details as Record<string, unknown>)[key];
  return typeof value === "number" ? value : null;
};

/**
 * The server's budgeting conflicts, translated and with their amounts; anything else goes through
 * the app's usual error messages.
 */
export function useBudgetError(currency: string) {
  const { t, i18n } = useTranslation("budgeting");
  const fallback = useErrorMessage();
  return useCallback(
    (error: unknown): string => {
      if (!(error instanceof ApiError)) return fallback(error);
      const money = (key: string) => {
        const value = detail(error.details, key);
        return value === null ? "" : formatMoney(value, currency, i18n.language);
      };
      const m = error.message;
      if (m.startsWith("Not enough budget left")) return t("serverErrors.notEnough", { remaining: money("remaining_minor") });
      if (m.startsWith("The team has no budget allocated")) return t("serverErrors.noAllocation");
      if (m.startsWith("This request has no team")) return t("serverErrors.noTeam");
      if (m.startsWith("Allocations can't add up")) return t("serverErrors.overBudget", { available: money("available_minor") });
      if (m.startsWith("The team has already reserved")) return t("serverErrors.belowUsed", { used: money("used_minor") });
      if (m.startsWith("The budget can't be less")) return t("serverErrors.budgetBelowAllocated", { allocated: money("allocated_minor") });
      if (m.startsWith("This company already has a budget")) return t("serverErrors.budgetExists");
      if (m.startsWith("Join a team first")) return t("serverErrors.joinTeam");
      return fallback(error);
    },
    [t, i18n.language, currency, fallback],
  );
}
