import { useMemo } from "react";
import { useTranslation } from "react-i18next";

/** MUI's built-in Autocomplete texts (English by default) in the current language. */
export function useAutocompleteTexts() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      clearText: t("autocomplete.clear"),
      closeText: t("autocomplete.close"),
      openText: t("autocomplete.open"),
      noOptionsText: t("autocomplete.noOptions"),
      loadingText: t("autocomplete.loading"),
    }),
    [t],
  );
}
