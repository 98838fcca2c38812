import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import { LOCALES, type Locale } from "@learnward/contracts";
import { isLocale, switchLocale } from "../../lib/locale";

const SHORT_NAMES: Record<Locale, string> = { en: "En", es: "Es" };

/** spec §2: En / Es; choosing one stores NEXT_LOCALE and reloads the current path. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = isLocale(i18n.language) ? i18n.language : "en";
  return (
    <Box role="group" aria-label={t("language.label")} sx={{ display: "flex", border: 1, borderColor: "divider", borderRadius: 1, p: 0.25 }}>
      {LOCALES.map((locale) => (
        <Button
          key={locale}
          lang={locale}
          size="small"
          variant={locale === current ? "contained" : "text"}
          disableElevation
          // The name starts with what is shown (WCAG 2.5.3), then says it in full.
          aria-label={`${SHORT_NAMES[locale]} (${t(`language.${locale}`)})`}
          aria-pressed={locale === current}
          onClick={() => {
            if (locale !== current) switchLocale(locale);
          }}
          sx={{ minWidth: 36, px: 1, py: 0.25 }}
        >
          {SHORT_NAMES[locale]}
        </Button>
      ))}
    </Box>
  );
}
