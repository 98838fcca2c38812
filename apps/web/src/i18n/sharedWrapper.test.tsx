import { describe, expect, it } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { createInstance, type i18n as I18n } from "i18next";
import { I18nextProvider, useTranslation } from "react-i18next";

// The build's patch of react-i18next (vite-share-i18n-wrapper.ts): every component gets the same copy
// of the i18n instance for a language instead of making its own, and a new one when the language
// changes, so that memoised components still see the change.
describe("useTranslation's i18n copy", () => {
  it("is one object for every component, and a new one, in the new language, after a change", async () => {
    const instance = createInstance();
    await instance.init({
      lng: "en",
      resources: { en: { common: { loading: "Hello" } }, es: { common: { loading: "Hola" } } },
      defaultNS: "common",
      interpolation: { escapeValue: false },
    });
    const seen: I18n[][] = [[], []];
    function Greeting({ slot }: { slot: 0 | 1 }) {
      const { t, i18n } = useTranslation();
      seen[slot]!.push(i18n);
      return <p>{`${t("loading")} ${i18n.language}`}</p>;
    }
    render(
      <I18nextProvider i18n={instance}>
        <Greeting slot={0} />
        <Greeting slot={1} />
      </I18nextProvider>,
    );
    expect(screen.getAllByText("Hello en")).toHaveLength(2);
    const [first, second] = [seen[0]!.at(-1)!, seen[1]!.at(-1)!];
    expect(first).toBe(second);
    expect(first).not.toBe(instance);

    await act(() => instance.changeLanguage("es"));
    expect(screen.getAllByText("Hola es")).toHaveLength(2);
    expect(seen[0]!.at(-1)).toBe(seen[1]!.at(-1));
    expect(seen[0]!.at(-1)).not.toBe(first);
  });
});
