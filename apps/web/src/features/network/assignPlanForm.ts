import { z } from "zod";
import { CreatePlanRequest, IsoDate, PlanCollectionIds, ProficiencyLevel, SkillName } from "@learnward/contracts";
import { todayIsoDate } from "./format";
import type { CreatePlanBody } from "./types";

// The assign-plan form (spec §3 upskilling assignment draft). Messages are codes: the errors
// namespace translates the common ones, network's assign.errors the rest.

const PersonOption = z.object({ id: z.number().int().positive(), display_name: z.string(), email: z.string() });
const TeamOption = z.object({ id: z.number().int().positive(), name: z.string() });
const CollectionOption = z.object({ id: z.number().int().positive(), title: z.string() });
export type PersonOption = z.infer<typeof PersonOption>;
export type TeamOption = z.infer<typeof TeamOption>;
export type CollectionOption = z.infer<typeof CollectionOption>;

const rules = CreatePlanRequest.shape;
/** The pickers hold people, teams and collections; the server's limits apply to their ids. */
const fits = (rule: z.ZodType) => (chosen: { id: number }[]) => rule.safeParse(chosen.map((option) => option.id)).success;

const SkillRow = z.object({
  // spec §3: skills are keyed by their lowercase name (the contracts' SkillName).
  skill: SkillName,
  collections: z
    .array(CollectionOption)
    .refine((chosen) => chosen.length > 0, { message: "collections_required" })
    .refine((chosen) => chosen.length === 0 || fits(PlanCollectionIds)(chosen), { message: "too_many_collections" }),
  // The level completing the plan proves in this skill (optional).
  target_level: ProficiencyLevel.nullable().optional(),
});

export const AssignPlanForm = z
  .object({
    title: rules.title,
    // The contracts' rule (a day that exists), with this form's message code.
    deadline: z
      .string()
      .refine((value) => IsoDate.safeParse(value).success, { message: "invalid_date" })
      .refine((value) => value >= todayIsoDate(), { message: "deadline_past" }),
    people: z.array(PersonOption).refine(fits(rules.selectedAccount), { message: "invalid" }),
    teams: z.array(TeamOption).refine(fits(rules.selectedTeam), { message: "invalid" }),
    skills: z.array(SkillRow).min(1, { message: "skills_required" }),
  })
  .superRefine((value, ctx) => {
    if (value.people.length + value.teams.length === 0) ctx.addIssue({ code: "custom", message: "assignees_required", path: ["people"] });
    const seen = new Set<string>();
    value.skills.forEach((row, index) => {
      if (seen.has(row.skill)) ctx.addIssue({ code: "custom", message: "duplicate_skill", path: ["skills", index, "skill"] });
      seen.add(row.skill);
    });
  });
export type AssignPlanValues = z.input<typeof AssignPlanForm>;
export type AssignPlanOutput = z.output<typeof AssignPlanForm>;

/** The body of POST /api/b2b/v1/plans/: {title, deadline, skills: {sql: {collections: [ids]}}, selectedAccount, selectedTeam}. */
export function toPlanBody(values: AssignPlanOutput): CreatePlanBody {
  return {
    title: values.title,
    deadline: values.deadline,
    // Skills are people's words: built as own keys, so "__proto__" or "constructor" is a skill like any other.
    skills: Object.fromEntries(
      values.skills.map((row) => [
        row.skill,
        { collections: [...new Set(row.collections.map((c) => c.id))], ...(row.target_level ? { target_level: row.target_level } : {}) },
      ]),
    ),
    selectedAccount: [...new Set(values.people.map((p) => p.id))],
    selectedTeam: [...new Set(values.teams.map((t) => t.id))],
  };
}
