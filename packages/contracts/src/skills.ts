import { z } from "zod";
import { Paginated } from "./common.ts";

/** A skill's name as collections and plans take it (spec §3: keyed by the lowercase name). */
export const SkillName = z.string().trim().toLowerCase().min(1).max(60);

/**
 * The proficiency scale, defined once: five named levels as Degreed and Docebo users know them. The
 * web app translates each key (people namespace, `levels.<key>`); the server stores the number.
 */
export const PROFICIENCY_LEVELS = [
  { level: 1, key: "beginner" },
  { level: 2, key: "developing" },
  { level: 3, key: "intermediate" },
  { level: 4, key: "advanced" },
  { level: 5, key: "expert" },
] as const;
export type ProficiencyKey = (typeof PROFICIENCY_LEVELS)[number]["key"];
export const MIN_LEVEL = 1;
export const MAX_LEVEL = PROFICIENCY_LEVELS.length;

export const ProficiencyLevel = z.number().int().min(MIN_LEVEL).max(MAX_LEVEL).describe("1 beginner, 2 developing, 3 intermediate, 4 advanced, 5 expert");
export type ProficiencyLevel = z.infer<typeof ProficiencyLevel>;
export const levelKey = (level: number): ProficiencyKey => PROFICIENCY_LEVELS[Math.min(Math.max(level, MIN_LEVEL), MAX_LEVEL) - 1]!.key;

/** Who gave a rating: the person themself, their manager (team leader or hr), or a completion. */
export const SkillRatingSource = z.enum(["self", "manager", "evidence"]);
export type SkillRatingSource = z.infer<typeof SkillRatingSource>;

const Rater = z.object({ id: z.number().int(), display_name: z.string() });

/** One row of a person's skill history. */
export const SkillRating = z.object({
  id: z.number().int(),
  level: ProficiencyLevel,
  source: SkillRatingSource,
  rated_by: Rater.nullable().describe("Who rated (null for evidence, or a removed account)"),
  note: z.string().nullable(),
  evidence: z
    .object({ kind: z.enum(["path", "plan"]), id: z.number().int(), title: z.string() })
    .nullable()
    .describe("The completed learning path or upskilling plan that raised the level"),
  created_at: z.string(),
});
export type SkillRating = z.infer<typeof SkillRating>;

/** A person's standing in one skill: the level that counts, where it comes from, the self rating beside it. */
export const SkillLevel = z.object({
  skill: z.string(),
  level: ProficiencyLevel.nullable().describe("The current level: max(highest evidence, latest manager rating), else the self rating"),
  source: SkillRatingSource.nullable().describe("Which rating gives the current level"),
  self_level: ProficiencyLevel.nullable().describe("The person's latest own rating, shown beside"),
  manager_level: ProficiencyLevel.nullable(),
  evidence_level: ProficiencyLevel.nullable(),
  history: z.array(SkillRating).describe("Newest first, at most 20"),
});
export type SkillLevel = z.infer<typeof SkillLevel>;

export const PersonSkillLevels = z.object({
  account: Rater,
  skills: z.array(SkillLevel).describe("Every skill the person has a rating in, by name"),
  abilities: z.object({
    rate: z.boolean().describe("The caller may rate this person's skills"),
    rate_as: SkillRatingSource.exclude(["evidence"]).nullable().describe("What the caller's rating counts as"),
  }),
});
export type PersonSkillLevels = z.infer<typeof PersonSkillLevels>;

export const RateSkillRequest = z
  .object({
    skill: SkillName,
    level: ProficiencyLevel,
    note: z.string().trim().max(500).optional().describe("Why this level (optional)"),
  })
  .strict();
export type RateSkillRequest = z.infer<typeof RateSkillRequest>;

export const TeamSkillLevelsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const TeamSkillLevelsPage = Paginated(PersonSkillLevels).describe("The team's active members by name, the pages of its progress");
export type TeamSkillLevelsPage = z.infer<typeof TeamSkillLevelsPage>;

/** The level a completed learning path proves in each of its skills (optional; none: the path proves no level). */
export const PathSkillLevel = z.object({
  level: ProficiencyLevel.nullable(),
  abilities: z.object({ set: z.boolean().describe("The caller may set or remove the level") }),
});
export type PathSkillLevel = z.infer<typeof PathSkillLevel>;
export const SetPathSkillLevelRequest = z.object({ level: ProficiencyLevel.nullable() }).strict();
