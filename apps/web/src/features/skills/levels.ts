import { levelKey, PROFICIENCY_LEVELS, type SkillRatingSource } from "@learnward/contracts";
import type { TFunction } from "i18next";

/** The scale's levels as the contracts define them (1 beginner … 5 expert). */
export const LEVELS = PROFICIENCY_LEVELS;

/** "Intermediate", in the page's language. */
export const levelName = (t: TFunction<"skills">, level: number) => t(`levels.${levelKey(level)}`);

/** "Manager-rated", in the page's language. */
export const sourceName = (t: TFunction<"skills">, source: SkillRatingSource) => t(`sources.${source}`);
