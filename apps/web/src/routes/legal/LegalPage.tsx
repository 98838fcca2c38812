import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";

/** Privacy and terms pages share one shape: a heading and a few short sections. */
export function LegalPage({ page }: { page: "privacy" | "terms" }) {
  const { t } = useTranslation("legal");
  const sections = t(`${page}.sections`, { returnObjects: true });
  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeader title={t(`${page}.title`)} description={t(`${page}.intro`)} />
      {sections.map((section) => (
        <Box component="section" key={section.heading} sx={{ mb: 3 }}>
          <Typography variant="h2" sx={{ mb: 1 }}>
            {section.heading}
          </Typography>
          <Typography>{section.body}</Typography>
        </Box>
      ))}
    </Box>
  );
}
