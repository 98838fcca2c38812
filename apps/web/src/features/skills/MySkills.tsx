import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { SkillsPanel } from "./SkillsPanel";

export const MY_SKILLS_HEADING_ID = "my-skills-heading";

/** The person's own skills page (in their settings): their levels with sources, and their own ratings. */
export function MySkills({ accountId }: { accountId: number }) {
  const { t } = useTranslation("skills");
  return (
    <Paper variant="outlined" component="section" aria-labelledby={MY_SKILLS_HEADING_ID} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={MY_SKILLS_HEADING_ID} variant="h2" sx={{ mb: 1 }}>
        {t("mine.title")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t("mine.description")}
      </Typography>
      <SkillsPanel accountId={accountId} label={t("mine.tableLabel")} />
    </Paper>
  );
}
