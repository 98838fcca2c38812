import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import type { AttachToPlanRequest } from "@learnward/contracts";
import { usePlanSkillOptions } from "./hooks";

const keyOf = (choice: AttachToPlanRequest) => `${choice.plan_id}:${choice.skill}`;

/**
 * An optional choice, in the save dialog, of one skill of one of my open plans for the new item to count
 * towards. Nothing shows while I hold no open plan.
 */
export function PlanSkillSelect({ value, onChange }: { value: AttachToPlanRequest | null; onChange: (next: AttachToPlanRequest | null) => void }) {
  const { t } = useTranslation("network");
  const options = usePlanSkillOptions(true);
  const choices = (options.data ?? []).flatMap((o) => o.skills.map((skill) => ({ plan_id: o.plan.id, skill, label: `${o.plan.title} · ${skill}` })));
  if (!choices.length) return null;
  return (
    <TextField
      select
      label={t("planSkills.saveLabel")}
      helperText={t("planSkills.saveHelp")}
      value={value ? keyOf(value) : ""}
      onChange={(event) => {
        const chosen = choices.find((c) => keyOf(c) === event.target.value);
        onChange(chosen ? { plan_id: chosen.plan_id, skill: chosen.skill } : null);
      }}
      fullWidth
    >
      <MenuItem value="">{t("planSkills.saveNone")}</MenuItem>
      {choices.map((c) => (
        <MenuItem key={keyOf(c)} value={keyOf(c)}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
