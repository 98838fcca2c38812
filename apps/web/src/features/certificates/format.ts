/** A certificate's date in words in the reader's language ("November 29, 2026", "29 de noviembre de 2026"). */
export const certificateDate = (iso: string, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
