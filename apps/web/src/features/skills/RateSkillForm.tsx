import { type FormEvent, useId, useState } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { SkillRatingSource } from "@learnward/contracts";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { useRateSkill } from "./hooks";
import { LEVELS, levelName } from "./levels";

/**
 * The rating control: a level of the scale (a radio group, each level named), an optional note and,
 * when no skill is given, the skill's name. What the rating counts as is the server's answer
 * (`rateAs`, from the person's abilities): the person's own, or their manager's.
 */
export function RateSkillForm({
  personId,
  skill: fixedSkill,
  current,
  rateAs,
  onSaved,
}: {
  personId: number;
  skill?: string;
  current?: number | null;
  rateAs: Exclude<SkillRatingSource, "evidence">;
  onSaved?: () => void;
}) {
  const { t } = useTranslation("skills");
  const message = useErrorMessage();
  const rate = useRateSkill(personId);
  const [skill, setSkill] = useState(fixedSkill ?? "");
  const [level, setLevel] = useState<number | null>(current ?? null);
  const [note, setNote] = useState("");
  const labelId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (level === null) return;
    rate.mutate(
      { skill, level, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          toast(t("rate.saved"), "success");
          setNote("");
          if (!fixedSkill) setSkill("");
          onSaved?.();
        },
      },
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      {!fixedSkill && <TextField label={t("rate.skill")} value={skill} onChange={(e) => setSkill(e.target.value)} required size="small" />}
      <FormControl>
        <FormLabel id={labelId}>{t("rate.level")}</FormLabel>
        <RadioGroup aria-labelledby={labelId} value={level === null ? "" : String(level)} onChange={(e) => setLevel(Number(e.target.value))}>
          {LEVELS.map(({ level: value }) => (
            <FormControlLabel
              key={value}
              value={String(value)}
              control={<Radio size="small" />}
              label={t("levelWithNumber", { number: value, name: levelName(t, value) })}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField label={t("rate.note")} value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} size="small" />
      <Typography variant="body2" color="text.secondary">
        {rateAs === "self" ? t("rate.asSelf") : t("rate.asManager")}
      </Typography>
      {rate.isError && <Alert severity="error">{message(rate.error)}</Alert>}
      <div>
        <Button type="submit" variant="contained" disabled={level === null || !skill.trim() || rate.isPending}>
          {t("rate.submit")}
        </Button>
      </div>
    </Stack>
  );
}
