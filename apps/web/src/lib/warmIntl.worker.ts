// Run by warmIntl.ts in a worker named after the page's language: making one number and one date
// format loads ICU's data into the browser's caches, which the page's own thread then finds ready.
const locale = self.name;
new Intl.NumberFormat(locale).format(1);
new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(0);
self.close();
