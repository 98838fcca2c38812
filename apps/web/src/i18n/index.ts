import i18next, { type BackendModule, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "@learnward/contracts";
import { nextTask } from "../lib/tasks";

type Namespace = Record<string, unknown>;

/**
 * A build file of words, fetched as JSON; a failed answer is an error rather than words. Each fetch
 * starts in a task of its own: i18next asks for a page's six or so namespaces in one go, and each
 * fetch cost Chromium about 2 ms to start while Lighthouse traced /home (11 ms of a 30 ms task).
 */
async function fetchWords(url: string): Promise<Namespace> {
  await nextTask();
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} for ${url}`);
  return (await response.json()) as Namespace;
}

/*
 * One file per language and namespace, loaded when first needed: a page only loads the words it shows.
 * The server's build bundles them. In the browser each is a JSON file of the build, fetched: imported
 * as a module, each namespace cost a slow phone's main thread a module's fetch, compilation and
 * evaluation in the task that asked for it (20-25 ms of a 38 ms task, unthrottled, as /home loaded
 * its six), where a fetch costs a millisecond or two and its JSON is parsed as it arrives.
 */
const loaders: Record<string, () => Promise<Namespace>> = import.meta.env.SSR
  ? import.meta.glob<Namespace>("./locales/*/*.json", { import: "default" })
  : Object.fromEntries(
      Object.entries(import.meta.glob<string>("./locales/*/*.json", { query: "?url&no-inline", import: "default", eager: true })).map(([file, url]) => [
        file,
        () => fetchWords(url),
      ]),
    );

/** Namespaces every screen uses; loaded before the first render. */
export const CORE_NAMESPACES = ["common", "errors"] as const;

/** Loads a namespace's words when i18next first needs them. */
export const lazyLocales: BackendModule = {
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

/** What the browser's and the server's instances share. */
const OPTIONS = {
  supportedLngs: [...LOCALES],
  // en and es carry the same keys (checked by a test), so no fallback language is loaded.
  fallbackLng: false,
  defaultNS: "common",
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;

export async function initI18n(locale: Locale, pageNamespaces: readonly string[] = []): Promise<I18n> {
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({ ...OPTIONS, lng: locale, ns: [...new Set([...CORE_NAMESPACES, ...pageNamespaces])] });
  document.documentElement.lang = locale;
  return i18next;
}

let serverRoot: Promise<I18n> | undefined;

/**
 * On the server (entry-server.tsx): one shared instance that loads every language's words, and for
 * each page a clone in the page's language sharing them (pages load their namespaces through the
 * shared one, see loadNamespaces).
 */
export async function serverI18n(locale: Locale, pageNamespaces: readonly string[]): Promise<I18n> {
  serverRoot ??= i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({ ...OPTIONS, lng: DEFAULT_LOCALE, preload: [...LOCALES], ns: [...CORE_NAMESPACES] })
    .then(() => i18next);
  const root = await serverRoot;
  await root.loadNamespaces([...CORE_NAMESPACES, ...pageNamespaces]);
  // A clone is set up a task later (i18next's initAsync), and a page rendered before that found its
  // words not ready: every useTranslation suspended, renderToString gave up, and the server rendered
  // the page twice more (entry-server.tsx). It is handed over once ready.
  let ready!: () => void;
  const initialized = new Promise<void>((resolve) => (ready = resolve));
  const clone = root.cloneInstance({ lng: locale }, () => ready());
  await initialized;
  return clone;
}

/**
 * The namespaces a server render read (react-i18next records each useTranslation's on the page's
 * clone), for the browser to load before it hydrates.
 */
export function usedNamespaces(i18n: I18n): string[] {
  return i18n.reportNamespaces?.getUsedNamespaces() ?? [];
}

/** Whether the namespaces' words are in already (a page then renders without waiting for them). */
export function namespacesLoaded(namespaces: readonly string[]): boolean {
  return namespaces.every((ns) => i18next.hasLoadedNamespace(ns));
}

/** Loads a page's namespaces together with its code, so the page never renders untranslated. */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return namespaces.length ? i18next.loadNamespaces([...namespaces]) : Promise.resolve();
}
