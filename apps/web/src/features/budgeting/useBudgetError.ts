import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { ErrorCode } from "@learnward/contracts";
import { ApiError } from "../../lib/api";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { formatMoney } from "./money";

const detail = (details: unknown, key: string): number | null => {
  if (typeof details !== "object" || details === null) return null;
  const value = (details as Record<string, unknown>)[key];
  return typeof value === "number" ? value : null;
};

/**
 * The server's budgeting refusals, translated by their code and with their amounts; anything else
 * (and an amount-free refusal) goes through the app's usual error messages.
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
      switch (error.code as ErrorCode) {
        case "budget_exceeded":
          return t("serverErrors.notEnough", { remaining: money("remaining_minor") });
        case "allocations_exceed_budget":
          return t("serverErrors.overBudget", { available: money("available_minor") });
        case "allocation_below_committed":
          return t("serverErrors.belowUsed", { used: money("used_minor") });
        case "budget_below_allocated":
          return t("serverErrors.budgetBelowAllocated", { allocated: money("allocated_minor") });
        default:
          return fallback(error);
      }
    },
    [t, i18n.language, currency, fallback],
  );
}
