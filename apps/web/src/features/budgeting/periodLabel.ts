import type { TFunction } from "i18next";
import type { Budget } from "@learnward/contracts";

/** "Year 2026" or "November 2026", in the interface language. */
export function periodLabel(budget: Pick<Budget, "period" | "period_start">, t: TFunction<"budgeting">, locale: string): string {
  const [year, month] = budget.period_start.split("-").map(Number) as [number, number];
  if (budget.period === "year") return t("teamBudget.yearPeriod", { year });
  const name = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year, month - 1, 1)));
  return t("teamBudget.monthPeriod", { month: name });
}

/** Every step of the period on the x axis: months of a yearly budget, days of a monthly one. */
export function periodSteps(budget: Pick<Budget, "period" | "period_start" | "period_end">): string[] {
  const [year, month] = budget.period_start.split("-").map(Number) as [number, number];
  if (budget.period === "year") return Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(year, i, 1)).toISOString().slice(0, 10));
  const days = Number(budget.period_end.slice(8, 10));
  return Array.from({ length: days }, (_, i) => new Date(Date.UTC(year, month - 1, i + 1)).toISOString().slice(0, 10));
}
