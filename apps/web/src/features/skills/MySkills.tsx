import { useState } from "react";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { DataTable } from "../../components/DataTable";
import { usePersonSkillLevels } from "./hooks";
import { levelName, sourceName } from "./levels";
import { RateSkillForm } from "./RateSkillForm";
import { SkillLevelDialog } from "./SkillLevelDialog";
import type { SkillLevel } from "@learnward/contracts";

export const MY_SKILLS_HEADING_ID = "my-skills-heading";

/** The person's own skills page (in their settings): their levels with sources, and their own ratings. */
export function MySkills({ accountId }: { accountId: number }) {
  const { t } = useTranslation("skills");
  const levels = usePersonSkillLevels(accountId);
  const [open, setOpen] = useState<string | null>(null);
  const person = levels.data;
  const opened = open === null ? undefined : person?.skills.find((s) => s.skill === open);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={MY_SKILLS_HEADING_ID} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={MY_SKILLS_HEADING_ID} variant="h2" sx={{ mb: 1 }}>
        {t("mine.title")}
      </Typography>
      <Stack spacing={3}>
        <Typography color="text.secondary">{t("mine.description")}</Typography>
        <DataTable<SkillLevel>
          label={t("mine.tableLabel")}
          query={levels}
          loadingLabel={t("mine.loading")}
          outlined={false}
          rows={person?.skills ?? []}
          rowKey={(row) => row.skill}
          empty={<Typography variant="body2">{t("mine.empty")}</Typography>}
          columns={[
            {
              key: "skill",
              header: t("mine.skill"),
              rowHeader: true,
              cell: (row) => (
                <Button size="small" onClick={() => setOpen(row.skill)} sx={{ textTransform: "none", overflowWrap: "anywhere" }}>
                  {row.skill}
                </Button>
              ),
            },
            {
              key: "level",
              header: t("mine.level"),
              cell: (row) => (row.level ? t("levelWithNumber", { number: row.level, name: levelName(t, row.level) }) : "—"),
            },
            { key: "source", header: t("mine.source"), cell: (row) => (row.source ? sourceName(t, row.source) : "—") },
            { key: "self", header: t("mine.self"), cell: (row) => (row.self_level ? levelName(t, row.self_level) : "—") },
          ]}
        />
        <div>
          <Typography variant="h3" sx={{ fontSize: "1.1rem", mb: 1 }}>
            {t("mine.add")}
          </Typography>
          <RateSkillForm personId={accountId} rateAs="self" />
        </div>
      </Stack>
      {person && open !== null && <SkillLevelDialog person={person} skill={open} level={opened} onClose={() => setOpen(null)} />}
    </Paper>
  );
}
