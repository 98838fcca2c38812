import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { collectionSlug, type ContentType, isProvider } from "@learnward/contracts";

/** spec §2: /collaborative-network/collections/{id}/{slug}, the slug made from the title. */
export function collectionPath(collection: { id: number; title: string; slug?: string }): string {
  return `/collaborative-network/collections/${collection.id}/${collection.slug ?? collectionSlug(collection.title)}`;
}

/** Today's date in the person's own time zone as an ISO date (spec §3: a plan's deadline defaults to now). */
export function todayIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Durations, dates, content types and providers in the current language. */
export function useNetworkFormat() {
  const { t, i18n } = useTranslation("network");
  const language = i18n.language;
  const duration = useCallback(
    (seconds: number | null): string | null => {
      if (seconds === null || seconds <= 0) return null;
      const minutes = Math.max(1, Math.round(seconds / 60));
      const hours = Math.floor(minutes / 60);
      const rest = minutes % 60;
      if (hours === 0) return t("format.minutes", { count: minutes });
      if (rest === 0) return t("format.hours", { count: hours });
      return t("format.hoursMinutes", { hours, minutes: rest });
    },
    [t],
  );
  /** An ISO date (YYYY-MM-DD) as the calendar day it names, whatever the viewer's time zone. */
  const date = useCallback(
    (iso: string): string => {
      const day = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00Z`) : new Date(iso);
      const timeZone = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? "UTC" : undefined;
      return Number.isNaN(day.getTime()) ? iso : new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone }).format(day);
    },
    [language],
  );
  const type = useCallback((value: ContentType) => t(`types.${value}`), [t]);
  const provider = useCallback((value: string | null) => (value === null ? null : isProvider(value) ? t(`providers.${value}`) : value), [t]);
  return { duration, date, type, provider };
}
