/** A rating's date in the page's language ("29 Nov 2026"). */
export const formatDate = (iso: string, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(iso));
