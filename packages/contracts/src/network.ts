import { z } from "zod";
import { ContentItem, ContentType } from "./library.ts";
import { HttpUrl, Id, IdText, IsoDate, Paginated, userKeyed } from "./common.ts";
import { RequestStatus, RequestStatusFilter, SortOrder } from "./people.ts";
import { ProficiencyLevel, SkillName } from "./skills.ts";
export { SkillName };

const skill = SkillName;

export const CollectionStatus = z.enum(["private", "pending", "published"]);
const Owner = z.object({ id: z.number().int(), display_name: z.string() });

export const CollectionSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  cover_url: z.string().nullable(),
  skills: z.array(z.string()),
  status: CollectionStatus,
  owner: Owner,
  items_count: z.number().int(),
  duration_s: z.number().int().describe("Sum of the items' durations"),
  types: z.array(ContentType).describe("Content types present"),
  following: z.boolean(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }).describe("My progress"),
  created_at: z.string(),
  updated_at: z.string(),
  has_draft: z.boolean().describe("My changes to this published collection wait as a draft (true for its owner only)"),
});
export type CollectionSummary = z.infer<typeof CollectionSummary>;

export const CollectionSection = z.object({ id: z.number().int(), title: z.string(), position: z.number().int() });
export const CollectionItem = z.object({
  id: z.number().int(),
  section_id: z.number().int().nullable(),
  position: z.number().int(),
  done: z.boolean().describe("Done by me"),
  content: ContentItem.omit({ id_primary: true, is_private: true, course_status: true, completed: true, state: true, metadata_pending: true }).extend({
    id_primary: z.number().int().nullable(),
  }),
});
/** live: what colleagues see (the published version, or the collection itself while private); draft: the owner's edits of a published one. */
export const CollectionVersion = z.enum(["live", "draft"]);
export const DraftState = z.enum(["editing", "in_review", "rejected"]);
export const CollectionDraft = z
  .object({
    state: DraftState.describe("editing; in_review: submitted, waiting for the L&D leader (edits wait too); rejected: the last submission was rejected"),
    reason: z.string().nullable().describe("Why the last submission was rejected"),
    request_id: z.number().int().nullable().describe("The pending or rejected edit request"),
    updated_at: z.string(),
  })
  .describe("Edits of a published collection waiting for review; shown to its owner and the L&D leader only");
export const CollectionDetail = CollectionSummary.extend({
  sections: z.array(CollectionSection),
  items: z.array(CollectionItem),
  version: CollectionVersion.describe("Which version this answer shows: the owner sees their draft unless they ask for the live one"),
  draft: CollectionDraft.nullable(),
  abilities: z.object({
    edit: z.boolean(),
    request_publish: z.boolean(),
    follow: z.boolean(),
    submit_draft: z.boolean().describe("Send the draft to the L&D leader (POST /publish-requests/)"),
    discard_draft: z.boolean(),
  }),
});
export const CollectionDetailQuery = z.object({
  version: CollectionVersion.optional().describe(
    "draft: the owner's draft (owner and L&D leader); live: what colleagues see. Default: the owner's draft if any",
  ),
});
export type CollectionDetail = z.infer<typeof CollectionDetail>;

export const CollectionsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(12),
  scope: z.enum(["library", "mine", "following"]).default("library").describe("library: the company's published collections"),
  skill: z.string().trim().toLowerCase().max(60).optional(),
  type: ContentType.optional().describe("Collections holding at least one item of this type"),
  search: z.string().trim().max(120).optional(),
});
const collectionFields = {
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(5000).nullable().optional(),
  cover_url: HttpUrl.nullable().optional(),
  skills: z.array(skill).max(20),
};
export const CreateCollectionRequest = z.object({ ...collectionFields, skills: collectionFields.skills.default([]) }).strict();
// No defaults here: a field left out of an edit keeps its value (a default would empty the skills).
export const UpdateCollectionRequest = z.object(collectionFields).partial().strict();
export const SectionRequest = z.object({ title: z.string().trim().min(1).max(200), position: z.number().int().min(1).max(10_000).optional() }).strict();
export const AddItemRequest = z
  .object({
    content_id: Id.optional().describe("A company catalog item"),
    url: HttpUrl.optional().describe("Or a new link (saved to the catalog)"),
    title: z.string().trim().max(300).optional(),
    section_id: Id.nullable().optional(),
    position: z.number().int().min(1).max(10_000).optional(),
  })
  .strict()
  .refine((b) => b.content_id !== undefined || b.url !== undefined, { message: "Give a content_id or a url", path: ["content_id"] });
export const MoveItemRequest = z
  .object({ section_id: Id.nullable().optional(), position: z.number().int().min(1).max(10_000).optional() })
  .strict()
  .refine((b) => b.section_id !== undefined || b.position !== undefined, { message: "Give a section_id or a position" });
export const ItemProgressRequest = z.object({ item_id: Id, done: z.boolean() }).strict();
export const ItemParams = z.object({
  id: IdText,
  itemId: IdText,
});
export const SectionParams = z.object({
  id: IdText,
  sectionId: IdText,
});

const ChangedItem = z.object({ id_content: z.number().int(), title: z.string(), content_type: ContentType });
const Change = <T extends z.ZodType>(value: T) => z.object({ from: value, to: value }).nullable();
const Delta = z.object({ added: z.array(z.string()), removed: z.array(z.string()) });
/** What an edit request changes in the published collection, as it was submitted. */
export const PublishChanges = z.object({
  title: Change(z.string()),
  description: Change(z.string().nullable()),
  cover_url: Change(z.string().nullable()),
  skills: Delta,
  sections: Delta.describe("Section titles added and removed (a renamed section is both)"),
  items: z.object({ added: z.array(ChangedItem), removed: z.array(ChangedItem) }),
  reordered: z.boolean().describe("Items or sections kept in both versions are in another order"),
});
export type PublishChanges = z.infer<typeof PublishChanges>;
export const PublishRequestKind = z.enum(["publish", "edit"]);
export const PublishRequest = z.object({
  id: z.number().int(),
  kind: PublishRequestKind.describe("publish: a private collection's first publication; edit: changes to a published one"),
  collection: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }).describe("As colleagues see it: for an edit, the published title"),
  status: RequestStatus,
  message: z.string().nullable(),
  reason: z.string().nullable().describe("Why it was rejected"),
  requested_by: Owner,
  decided_by: Owner.nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  changes: PublishChanges.nullable().describe("For an edit: what it changes"),
});
export const CreatePublishRequest = z.object({ collection_id: Id, message: z.string().trim().max(1000).optional() }).strict();
export const PublishRequestsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  status: RequestStatusFilter.default("all"),
  scope: z.enum(["mine", "queue"]).default("mine").describe("queue: the requests to decide (L&D leader)"),
  sort: SortOrder.default("desc"),
});
export const RejectRequest = z.object({ reason: z.string().trim().min(1).max(1000) }).strict();

/** spec §3 member status of an upskilling plan assignee. */
export const AssigneeStatus = z.enum(["pending", "active", "completed", "rejected"]);
export type AssigneeStatus = z.infer<typeof AssigneeStatus>;

const collectionIds = z.array(Id).min(1).max(50);
/** The collections one skill of a plan is learned from. */
export const PlanCollectionIds = collectionIds;
/**
 * spec §3: "collections keyed by collection id" (`{"4": {…}}`, what is under each id is not read), or a
 * list of ids; both answer the list of ids.
 */
const PlanCollections = z.union([
  collectionIds,
  z
    .record(z.string().regex(/^[1-9]\d{0,9}$/, "Key collections by their id"), z.unknown())
    .transform((byId) => Object.keys(byId).map(Number))
    .pipe(collectionIds),
]);
export const PlanSkills = userKeyed(
  skill,
  z.object({
    collections: PlanCollections.describe("Collection ids, or an object keyed by collection id"),
    target_level: ProficiencyLevel.nullable().optional().describe("The level completing the plan proves in this skill (optional)"),
  }),
  "spec §3: skills keyed by lowercase skill name, each with collections (a list of ids, or keyed by collection Id)",
);
export const CreatePlanRequest = z
  .object({
    title: z.string().trim().min(1).max(200),
    deadline: IsoDate.optional().describe("ISO date; defaults to today (spec §3)"),
    skills: PlanSkills,
    selectedAccount: z.array(Id).max(1000).default([]),
    selectedTeam: z.array(Id).max(100).default([]),
  })
  .strict()
  .refine((b) => Object.keys(b.skills).length > 0, { message: "Give at least one skill", path: ["skills"] })
  .refine((b) => b.selectedAccount.length + b.selectedTeam.length > 0, { message: "Choose at least one person or team", path: ["selectedAccount"] });
export const UpdatePlanRequest = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    deadline: IsoDate.optional(),
    skills: PlanSkills.optional().describe("Replaces the plan's skills"),
  })
  .strict()
  .refine((b) => b.skills === undefined || Object.keys(b.skills).length > 0, { message: "Give at least one skill", path: ["skills"] });
export const AddAssigneesRequest = z
  .object({ selectedAccount: z.array(Id).max(1000).default([]), selectedTeam: z.array(Id).max(100).default([]) })
  .strict()
  .refine((b) => b.selectedAccount.length + b.selectedTeam.length > 0, { message: "Choose at least one person or team" });

export const Progress = z.object({ done: z.number().int(), total: z.number().int(), percent: z.number().int() });
export const Plan = z.object({
  id: z.number().int(),
  title: z.string(),
  deadline: z.string(),
  skills: userKeyed(
    z.string(),
    z.object({
      collections: z.array(z.object({ id: z.number().int(), title: z.string(), slug: z.string() })),
      target_level: ProficiencyLevel.nullable().describe("The level completing the plan proves in this skill"),
    }),
  ),
  teams: z.array(z.object({ id: z.number().int(), name: z.string() })),
  created_by: Owner,
  assignees_count: z.number().int(),
  completed_count: z.number().int(),
  overdue_count: z.number().int(),
  created_at: z.string(),
});
export const PlanAssignee = z.object({
  account: Owner.extend({ email: z.string(), team: z.object({ id: z.number().int(), name: z.string() }).nullable() }),
  via_team: z.boolean(),
  status: AssigneeStatus,
  overdue: z.boolean(),
  progress: Progress,
  skills: userKeyed(z.string(), Progress, "Progress per skill of the plan"),
});
export const PlanAssigneesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  team: IdText.optional().describe("Only the people of this team"),
});
/** One person's plan, as the team page and skillboost show it. */
export const MemberPlan = z.object({
  plan: z.object({ id: z.number().int(), title: z.string(), deadline: z.string() }),
  status: AssigneeStatus,
  overdue: z.boolean(),
  progress: Progress,
  skills: userKeyed(z.string(), Progress, "Progress per skill of the plan"),
});
export const TeamProgressRow = z.object({
  account: Owner.extend({ email: z.string() }),
  plans: z.array(MemberPlan).describe("The person's plans, direct or through the team, by deadline"),
});
export const TeamProgressQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const TeamProgressPage = Paginated(TeamProgressRow).extend({
  skills: z.array(z.string()).describe("Every skill of the plans any active member of the team holds, sorted: the columns of the skills matrix"),
});
export const MyTask = z.object({
  plan: Plan.omit({ assignees_count: true, completed_count: true, overdue_count: true }),
  status: AssigneeStatus,
  overdue: z.boolean(),
  progress: Progress,
});
export const PlansQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  team: IdText.optional(),
});
export const MyTasksQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(["all", "pending", "active", "completed", "rejected"]).default("all"),
});

const PlanRef = z.object({ id: z.number().int(), title: z.string(), deadline: z.string() });
/** Where one item of my library counts: the skills of my plans it counts towards, and the plans it could. */
export const ItemPlanSkills = z.object({
  attached: z.array(z.object({ plan: PlanRef, skill: z.string() })).describe("The plans (and the skill of each) this item counts towards"),
  options: z
    .array(z.object({ plan: PlanRef, skills: z.array(z.string()) }))
    .describe("The plans I hold that are not finished or declined, with their skills: where it may count"),
});
export type ItemPlanSkills = z.infer<typeof ItemPlanSkills>;
/** Counts an item of my library towards one skill of a plan I hold (again: moves it to that skill). */
export const AttachToPlanRequest = z.object({ plan_id: Id, skill: z.string().trim().min(1).max(200).describe("One of the plan's skills (any case)") }).strict();
export type AttachToPlanRequest = z.infer<typeof AttachToPlanRequest>;
export const PlanItemParams = z.object({ id: IdText, planId: IdText });
