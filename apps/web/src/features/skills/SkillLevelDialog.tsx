import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Divider from "@mui/material/Divider";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { PersonSkillLevels, SkillLevel } from "@learnward/contracts";
import { formatDate } from "./format";
import { levelName, sourceName } from "./levels";
import { RateSkillForm } from "./RateSkillForm";

/**
 * One person's standing in one skill: the current level and its source, their own rating beside it,
 * the history (newest first) and, for whoever may rate them, the rating control.
 */
export function SkillLevelDialog({
  person,
  skill,
  level,
  onClose,
}: {
  person: PersonSkillLevels;
  skill: string;
  level: SkillLevel | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("skills");
  const name = person.account.display_name;
  const titleId = `skill-dialog-${person.account.id}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ overflowWrap: "anywhere" }}>
        {t("dialog.title", { skill, person: name })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <div>
            <Typography variant="overline" component="h3">
              {t("dialog.current")}
            </Typography>
            <Typography>
              {level?.level && level.source
                ? `${t("levelWithNumber", { number: level.level, name: levelName(t, level.level) })} (${sourceName(t, level.source)})`
                : t("dialog.none")}
            </Typography>
            {level?.self_level && level.source !== "self" && (
              <Typography variant="body2" color="text.secondary">
                {t("dialog.selfBeside", { level: levelName(t, level.self_level) })}
              </Typography>
            )}
            <Typography variant="caption" color="text.secondary">
              {t("dialog.rule")}
            </Typography>
          </div>
          <div>
            <Typography variant="overline" component="h3">
              {t("dialog.history")}
            </Typography>
            {level?.history.length ? (
              <Stack component="ol" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }}>
                {level.history.map((row) => (
                  <li key={row.id}>
                    <Typography variant="body2">
                      <strong>{t("levelWithNumber", { number: row.level, name: levelName(t, row.level) })}</strong> · {sourceName(t, row.source)}
                      {row.rated_by && ` ${t("dialog.by", { name: row.rated_by.display_name })}`}
                      {row.evidence &&
                        ` ${t("dialog.from", { title: `${row.evidence.title} (${t(row.evidence.kind === "path" ? "dialog.evidencePath" : "dialog.evidencePlan")})` })}`}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {formatDate(row.created_at, i18n.language)}
                    </Typography>
                    {row.note && (
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                        {row.note}
                      </Typography>
                    )}
                  </li>
                ))}
              </Stack>
            ) : (
              <Typography variant="body2">{t("dialog.noHistory")}</Typography>
            )}
          </div>
          {person.abilities.rate && person.abilities.rate_as && (
            <>
              <Divider />
              <RateSkillForm personId={person.account.id} skill={skill} current={level?.level ?? null} rateAs={person.abilities.rate_as} />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("dialog.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
