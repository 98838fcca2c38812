import type { z } from "zod";
import type {
  AssigneeStatus,
  CollectionDetail,
  CollectionSummary,
  CollectionsQuery,
  ContentItem,
  CreatePlanRequest,
  ContentType,
  Employee,
  MyTask as MyTaskSchema,
  Plan as PlanSchema,
  PlanAssignee as PlanAssigneeSchema,
  PublishRequest as PublishRequestSchema,
  PublishRequestsQuery,
  Team,
} from "@learnward/contracts";

// The collaborative network's answers as the web app reads them: every type comes from the contracts.
export type { AssigneeStatus, CollectionDetail, CollectionSummary, ContentItem, ContentType, Employee, Team };
export type CollectionItem = CollectionDetail["items"][number];
export type CollectionSection = CollectionDetail["sections"][number];
export type CollectionScope = z.output<typeof CollectionsQuery>["scope"];
export type CollectionVersion = CollectionDetail["version"];
export type CollectionDraft = NonNullable<CollectionDetail["draft"]>;
export type PublishChanges = NonNullable<z.infer<typeof PublishRequestSchema>["changes"]>;
export type PublishRequest = z.infer<typeof PublishRequestSchema>;
export type PublishScope = z.output<typeof PublishRequestsQuery>["scope"];
export type PublishStatusFilter = z.output<typeof PublishRequestsQuery>["status"];
export type SortOrder = z.output<typeof PublishRequestsQuery>["sort"];
export type Plan = z.infer<typeof PlanSchema>;
export type PlanAssignee = z.infer<typeof PlanAssigneeSchema>;
export type MyTask = z.infer<typeof MyTaskSchema>;
export type TaskStatusFilter = AssigneeStatus | "all";
/** The body of POST /api/b2b/v1/plans/ (spec §3: skills keyed by lowercase name, each with collections). */
export type CreatePlanBody = z.input<typeof CreatePlanRequest>;
