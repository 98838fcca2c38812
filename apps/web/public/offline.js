// The offline page's language: the one saved in the app (the NEXT_LOCALE cookie), else the
// browser's first that the app speaks, else English. A file, not an inline script: the page's
// Content-Security-Policy (script-src 'self') refuses inline code.
{
  const LOCALES = ["en", "es"];
  const saved = /(?:^|;\s*)NEXT_LOCALE=([^;]*)/.exec(document.cookie);
  const wanted = [saved ? saved[1] : "", ...(navigator.languages ?? [navigator.language ?? ""])];
  const locale = wanted.map((tag) => String(tag).toLowerCase().split("-")[0]).find((base) => LOCALES.includes(base)) ?? "en";
  document.documentElement.lang = locale;
  for (const block of document.querySelectorAll("[data-locale]")) block.hidden = block.getAttribute("data-locale") !== locale;
  const retry = () => window.location.reload();
  for (const button of document.querySelectorAll("[data-retry]")) button.addEventListener("click", retry);
  window.addEventListener("online", retry);
}
