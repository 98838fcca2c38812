import { useState } from "react";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { SkillLevel } from "@learnward/contracts";
import { DataTable } from "../../components/DataTable";
import { usePersonSkillLevels } from "./hooks";
import { levelName, sourceName } from "./levels";
import { RateSkillForm } from "./RateSkillForm";
import { SkillLevelDialog } from "./SkillLevelDialog";

/**
 * One person's skills: each level with its source and their own rating beside, the history a click
 * away, and a rating control for a new skill when the server says the reader may rate them.
 */
export function SkillsPanel({ accountId, label }: { accountId: number; label: string }) {
  const { t } = useTranslation("skills");
  const levels = usePersonSkillLevels(accountId);
  const [open, setOpen] = useState<string | null>(null);
  const person = levels.data;
  const opened = open === null ? undefined : person?.skills.find((s) => s.skill === open);
  const rateAs = person?.abilities.rate_as;
  return (
    <Stack spacing={3}>
      <DataTable<SkillLevel>
        label={label}
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
      {person?.abilities.rate && rateAs && (
        <div>
          <Typography variant="h3" sx={{ fontSize: "1.1rem", mb: 1 }}>
            {t("mine.add")}
          </Typography>
          <RateSkillForm personId={accountId} rateAs={rateAs} />
        </div>
      )}
      {person && open !== null && <SkillLevelDialog person={person} skill={open} level={opened} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
