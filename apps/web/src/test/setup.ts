import "@testing-library/jest-dom/vitest";
import { afterAll, afterEach, beforeEach, vi } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { markOnboardingShown } from "../features/onboarding/firstVisit";

// Tests read the English texts synchronously: every namespace is bundled here instead of loaded lazily.
const modules = import.meta.glob<Record<string, unknown>>("../i18n/locales/*/*.json", { eager: true, import: "default" });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, content] of Object.entries(modules)) {
  const [, language, namespace] = /locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
  if (language && namespace) (resources[language] ??= {})[namespace] = content;
}

await i18next.use(initReactI18next).init({
  lng: "en",
  resources,
  defaultNS: "common",
  fallbackLng: false,
  interpolation: { escapeValue: false },
});

// findBy*/waitFor end as soon as what they wait for is there: the limit only guards a hang. Lazily
// loaded pages compile on first use under test, which took up to 7 s on a busy 2-core machine.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => cleanup());

// A page or part whose code a test started loading (the router preloads a route's code) may still be
// loading when the file ends; left running, it loaded after its environment closed and failed tests
// of the next file sharing the worker (EnvironmentTeardownError).
afterAll(() => vi.dynamicImportSettled());

// The fixtures' accounts (test/render.tsx meFor) have had their first visit: the onboarding panel does
// not open by itself over the page a test is about (OnboardingAutoOpen.test.tsx tests that it does).
beforeEach(() => {
  for (const role of ["admin", "hr", "ldleader", "teamleader", "member"]) markOnboardingShown(`uid-${role}`);
});
