import type { Plugin } from "vite";

/*
 * react-i18next's useTranslation gives each component its own copy of the i18n instance the first
 * time it renders (a "wrapper" whose identity changes with the language, so that memoised components
 * see a language change): Object.getOwnPropertyDescriptors plus Object.create, per component. Every
 * component renders for the first time in a server render and in hydration, and a CPU profile of
 * /discover's server render put it first among the app's own JavaScript (about 25 ms of each render).
 * This shares one wrapper per instance and language among all components: the same object a
 * component would have made, made once. The build fails if the library's code no longer reads as
 * expected, so that an upgrade is checked rather than silently unpatched.
 */
const FILE = /[\\/]react-i18next[\\/]dist[\\/]es[\\/]useTranslation\.js$/;
const CALL = "i18nWrapper = createI18nWrapper(original);";
const SHARED = `
const sharedWrappers = new WeakMap();
const sharedI18nWrapper = (original, lang, create) => {
  const kept = sharedWrappers.get(original);
  if (kept && kept.lang === lang) return kept.wrapper;
  const wrapper = create(original);
  sharedWrappers.set(original, { lang, wrapper });
  return wrapper;
};
`;

export function shareI18nWrapper(): Plugin {
  return {
    name: "learnward:share-i18n-wrapper",
    enforce: "pre",
    transform(code, id) {
      if (!FILE.test(id)) return null;
      const calls = code.split(CALL).length - 1;
      if (calls !== 2 || !code.includes("const lang = original && languageKey(original);")) {
        throw new Error(`react-i18next's useTranslation changed (${calls} wrapper calls found): review vite-share-i18n-wrapper.ts`);
      }
      return { code: SHARED + code.replaceAll(CALL, "i18nWrapper = sharedI18nWrapper(original, lang, createI18nWrapper);"), map: null };
    },
  };
}
