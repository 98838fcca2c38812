import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import type { PersonSkillLevels, SkillLevel } from "@learnward/contracts";
import { levelName, sourceName } from "./levels";

/** On the matrix's shaded cells a button keeps its own light ground, so its words keep their contrast. */
const onShade = { bgcolor: "background.paper", color: "text.primary", "&:hover": { bgcolor: "background.default" } } as const;

/**
 * A person's level in one skill inside the skills matrix: the level and its source as a button that
 * opens the history (and the rating control); without a level, a button to rate for whoever may.
 */
export function SkillLevelCell({
  person,
  skill,
  level,
  onOpen,
}: {
  person: PersonSkillLevels;
  skill: string;
  level: SkillLevel | undefined;
  onOpen: () => void;
}) {
  const { t } = useTranslation("skills");
  const name = person.account.display_name;
  if (level?.level && level.source) {
    const label = levelName(t, level.level);
    const source = sourceName(t, level.source);
    return (
      <Button
        size="small"
        onClick={onOpen}
        aria-label={t("cell.open", { person: name, skill, level: t("levelWithNumber", { number: level.level, name: label }), source })}
        variant="outlined"
        sx={{ ...onShade, display: "flex", flexDirection: "column", mx: "auto", mt: 0.5, lineHeight: 1.2, textTransform: "none", minWidth: 0 }}
      >
        <Box component="span" sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
          {t("levelWithNumber", { number: level.level, name: label })}
        </Box>
        <Box component="span" sx={{ fontSize: "0.7rem", color: "text.secondary", whiteSpace: "nowrap" }}>
          {source}
        </Box>
      </Button>
    );
  }
  if (!person.abilities.rate) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={onOpen}
      aria-label={t("cell.rate", { person: name, skill })}
      sx={{ ...onShade, textTransform: "none", mx: "auto", mt: 0.5, display: "block" }}
    >
      {t("cell.rateShort")}
    </Button>
  );
}
