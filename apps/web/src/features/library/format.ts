import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { type ContentType, isProvider } from "@learnward/contracts";

/** Whole hours and minutes of a duration, rounded to the minute. */
export function durationParts(seconds: number): { hours: number; minutes: number } {
  const total = Math.round(Math.max(0, seconds) / 60);
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** How the library shows durations, content types and providers, in the current language. */
export function useLibraryFormat() {
  const { t } = useTranslation("home");
  const duration = useCallback(
    (seconds: number | null): string | null => {
      if (seconds === null) return null;
      const { hours, minutes } = durationParts(seconds);
      if (hours === 0 && minutes === 0) return t("duration.underMinute");
      if (hours === 0) return t("duration.minutes", { count: minutes });
      if (minutes === 0) return t("duration.hours", { count: hours });
      return t("duration.hoursMinutes", { hours, minutes });
    },
    [t],
  );
  const type = useCallback((value: ContentType) => t(`types.${value}`), [t]);
  const provider = useCallback((value: string | null) => (value === null ? null : isProvider(value) ? t(`providers.${value}`) : value), [t]);
  return { duration, type, provider };
}
