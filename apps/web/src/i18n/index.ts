import i18next, { type BackendModule, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { LOCALES, type Locale } from "@learnward/contracts";

type Namespace = Record<string, unknown>;

// One lazily loaded chunk per language and namespace: a page only loads the words it shows.
const loaders = import.meta.glob<Namespace>("./locales/*/*.json", { import: "default" });

/** Namespaces every screen uses; loaded before the first render. */
export const CORE_NAMESPACES = ["common", "errors"] as const;

const lazyLocales: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export async function initI18n(locale: Locale, pageNamespaces: readonly string[] = []): Promise<I18n> {
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: locale,
      supportedLngs: [...LOCALES],
      // en and es carry the same keys (checked by a test), so no fallback language is loaded.
      fallbackLng: false,
      ns: [...new Set([...CORE_NAMESPACES, ...pageNamespaces])],
      defaultNS: "common",
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = locale;
  return i18next;
}

/** Loads a page's namespaces together with its code, so the page never renders untranslated. */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return namespaces.length ? i18next.loadNamespaces([...namespaces]) : Promise.resolve();
}
