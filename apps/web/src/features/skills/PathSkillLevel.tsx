import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { usePathSkillLevel, useSetPathSkillLevel } from "./hooks";
import { LEVELS, levelName } from "./levels";

/**
 * The level a published learning path proves in each of its skills once completed: shown to everyone
 * who reads the path, chosen by whoever may set it (the server says who: the L&D leader).
 */
export function PathSkillLevel({ collectionId, published }: { collectionId: number; published: boolean }) {
  const { t } = useTranslation("skills");
  const message = useErrorMessage();
  const answer = usePathSkillLevel(collectionId, published);
  const set = useSetPathSkillLevel(collectionId);
  if (!answer.data) return null;
  const { level, abilities } = answer.data;
  if (!abilities.set) {
    return level ? (
      <Typography variant="body2">{t("path.proves", { level: t("levelWithNumber", { number: level, name: levelName(t, level) }) })}</Typography>
    ) : null;
  }
  return (
    <TextField
      select
      size="small"
      label={t("path.label")}
      helperText={t("path.help")}
      value={level ? String(level) : ""}
      disabled={set.isPending}
      onChange={(event) =>
        set.mutate(event.target.value ? Number(event.target.value) : null, {
          onSuccess: () => toast(t("path.saved"), "success"),
          onError: (error) => toast(message(error), "error"),
        })
      }
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{t("path.none")}</option>
      {LEVELS.map(({ level: value }) => (
        <option key={value} value={String(value)}>
          {t("levelWithNumber", { number: value, name: levelName(t, value) })}
        </option>
      ))}
    </TextField>
  );
}
