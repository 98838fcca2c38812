import { z } from "zod";
import { ContentType, CourseStatus } from "./library.ts";
import { CollectionSummary } from "./network.ts";
import { COPILOT_QUESTION_MAX, DISCOVER_KINDS, DISCOVER_LANGUAGES, DISCOVER_PAGE_SIZE, DURATION_BUCKETS } from "./constants.ts";

// Discover (search over the company catalog, trending, recommendations) and the copilot.

export const TRENDING_WINDOW_DAYS = 30;

export const DiscoverLanguage = z.enum(DISCOVER_LANGUAGES);
export type DiscoverLanguage = z.infer<typeof DiscoverLanguage>;
export const DurationBucket = z.enum(DURATION_BUCKETS);
export type DurationBucket = z.infer<typeof DurationBucket>;
export const DiscoverKind = z.enum(DISCOVER_KINDS);
export type DiscoverKind = z.infer<typeof DiscoverKind>;

export const DiscoverQuery = z.object({
  search: z.string().max(200).optional().describe("Full-text search (English and Spanish); a leading # is stripped"),
  type: ContentType.optional().describe("Content type; collections holding at least one item of this type"),
  provider: z.string().trim().max(40).optional().describe("Recognised provider, e.g. coursera (content only)"),
  skill: z.string().trim().toLowerCase().max(60).optional(),
  duration: DurationBucket.optional().describe("Duration bucket (content only)"),
  language: DiscoverLanguage.optional().describe("Content language (content only)"),
  kind: DiscoverKind.optional().describe("content: catalog items; collection: published collections"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(DISCOVER_PAGE_SIZE),
});
export type DiscoverQuery = z.input<typeof DiscoverQuery>;

const Colleague = z.object({ username: z.string(), display_name: z.string() });

/** A company catalog item as discover shows it, with people's public saves and my own copy. */
export const DiscoverContent = z.object({
  kind: z.literal("content"),
  id_content: z.number().int().describe("The company catalog item (id_course for the wishlist)"),
  content_type: ContentType,
  title: z.string(),
  url: z.string(),
  author: z.string().nullable(),
  duration_s: z.number().int().nullable(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  provider: z.string().nullable(),
  language: DiscoverLanguage,
  skills: z.array(z.string()),
  created_at: z.string(),
  savers_count: z.number().int().describe("People of the company who saved it publicly"),
  saved_by: z.array(Colleague).describe("Up to three colleagues who saved it publicly"),
  mine: z.object({ id_primary: z.number().int(), course_status: CourseStatus.nullable() }).nullable().describe("My saved copy, if I saved it"),
});
export type DiscoverContent = z.infer<typeof DiscoverContent>;

export const DiscoverCollection = z.object({ kind: z.literal("collection"), collection: CollectionSummary });
export const DiscoverResult = z.discriminatedUnion("kind", [DiscoverContent, DiscoverCollection]);
export type DiscoverResult = z.infer<typeof DiscoverResult>;

const FacetValue = z.object({ value: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof FacetValue>;
/** Counts per value of each filter, for the search with every other filter applied. */
export const DiscoverFacets = z.object({
  kind: z.array(FacetValue),
  type: z.array(FacetValue),
  provider: z.array(FacetValue),
  skill: z.array(FacetValue).describe("The 20 most frequent skills"),
  duration: z.array(FacetValue),
  language: z.array(FacetValue),
});
export type DiscoverFacets = z.infer<typeof DiscoverFacets>;

export const DiscoverResponse = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(DiscoverResult),
  facets: DiscoverFacets,
});
export type DiscoverResponse = z.infer<typeof DiscoverResponse>;

export const DiscoverRowQuery = z.object({ limit: z.coerce.number().int().min(1).max(24).default(8) });

export const TrendingItem = DiscoverContent.extend({
  saves_30d: z.number().int().describe("Saves in the company over the last 30 days"),
  completions_30d: z.number().int().describe("Completions in the company over the last 30 days"),
});
export const TrendingResponse = z.object({ window_days: z.number().int(), results: z.array(TrendingItem) });
export type TrendingResponse = z.infer<typeof TrendingResponse>;

export const RecommendationReason = z.object({
  kind: z
    .enum(["plan", "finished", "popular", "new"])
    .describe("plan: a skill of my plans; finished: like what I finished; popular: saved in my company; new: in the catalog, not saved by anyone yet"),
  skill: z.string().nullable(),
  source: z.string().nullable().describe("The plan's title or the finished item's title"),
});
export const Recommendation = DiscoverContent.extend({ reason: RecommendationReason });
export const RecommendationsResponse = z.object({
  plan_skills: z.array(z.string()),
  finished_skills: z.array(z.string()),
  results: z.array(Recommendation),
});
export type RecommendationsResponse = z.infer<typeof RecommendationsResponse>;

// ---- Copilot ----

export const CopilotItem = z.object({
  ref: z.number().int().describe("Its number in the answer's text: [ref]"),
  id_content: z.number().int(),
  content_type: ContentType,
  title: z.string(),
  url: z.string(),
  author: z.string().nullable(),
  provider: z.string().nullable(),
  duration_s: z.number().int().nullable(),
  language: DiscoverLanguage,
  skills: z.array(z.string()),
  mine: DiscoverContent.shape.mine,
  source: z
    .enum(["library", "catalog"])
    .describe("Where the item was found: the asker's own library (their saves, private ones included) or the company catalog"),
});
export type CopilotItem = z.infer<typeof CopilotItem>;

export const CopilotPlanSection = z.object({
  title: z.string(),
  kind: z.enum(["week", "topic"]),
  items: z.array(z.number().int()).describe("refs of the section's items"),
  duration_s: z.number().int(),
});
export const CopilotPlan = z.object({
  skills: z.array(z.string()).describe("Skills understood in the question"),
  available_s: z.number().int().nullable().describe("Learning time the person has, when the question says"),
  span: z.object({ unit: z.enum(["day", "week", "month"]), count: z.number().int() }).nullable(),
  total_s: z.number().int().describe("Sum of the planned items' durations"),
  sections: z.array(CopilotPlanSection),
});
export type CopilotPlan = z.infer<typeof CopilotPlan>;

export const CopilotMessage = z.object({
  id: z.number().int(),
  role: z.enum(["user", "assistant"]),
  content: z.string().describe("Plain text; [n] cites items[n - 1]"),
  language: DiscoverLanguage,
  created_at: z.string(),
  engine: z.enum(["local", "llm"]).nullable().describe("Who wrote the answer"),
  fallback: z.enum(["timeout", "error"]).nullable().describe("Why the language model's answer was not used"),
  found: z.boolean().nullable().describe("false: nothing relevant in the catalog, nor in the asker's library"),
  items: z.array(CopilotItem),
  plan: CopilotPlan.nullable(),
  suggestions: z.array(z.string()).describe("Searches to try when nothing was found"),
  collection: z.object({ id: z.number().int(), title: z.string(), url: z.string() }).nullable(),
});
export type CopilotMessage = z.infer<typeof CopilotMessage>;

export const CopilotConversationSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  language: DiscoverLanguage,
  messages_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CopilotConversationSummary = z.infer<typeof CopilotConversationSummary>;
export const CopilotConversation = CopilotConversationSummary.extend({ messages: z.array(CopilotMessage) });
export type CopilotConversation = z.infer<typeof CopilotConversation>;

export const CopilotConversationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const CreateConversationRequest = z.object({ title: z.string().trim().min(1).max(120).optional().describe("Defaults to the first question") }).strict();
export const AskCopilotRequest = z
  .object({ content: z.string().trim().min(1).max(COPILOT_QUESTION_MAX).describe("The question, in English or Spanish") })
  .strict();
export type AskCopilotRequest = z.infer<typeof AskCopilotRequest>;
export const AskCopilotResponse = z.object({
  conversation: CopilotConversationSummary,
  question: CopilotMessage,
  answer: CopilotMessage,
});
export type AskCopilotResponse = z.infer<typeof AskCopilotResponse>;

export const CopilotCollectionResponse = z.object({
  collection: CollectionSummary,
  url: z.string().describe("The collection's page: /collaborative-network/collections/{id}/{slug}"),
  created: z.boolean().describe("false when this answer was already turned into this collection"),
});
export type CopilotCollectionResponse = z.infer<typeof CopilotCollectionResponse>;

/**
 * Server-sent events of POST …/messages/ with `Accept: text/event-stream`: `start` (the stored
 * question), `delta` (answer text), `reset` (drop the text so far: the model was too slow and the
 * local answer follows), `done` (the stored answer), `error`.
 */
export const CopilotStreamEvent = z.discriminatedUnion("event", [
  z.object({ event: z.literal("start"), data: z.object({ conversation: CopilotConversationSummary, question: CopilotMessage }) }),
  z.object({ event: z.literal("delta"), data: z.object({ text: z.string() }) }),
  z.object({ event: z.literal("reset"), data: z.object({ reason: z.enum(["timeout", "error"]) }) }),
  z.object({ event: z.literal("done"), data: AskCopilotResponse }),
  z.object({ event: z.literal("error"), data: z.object({ error: z.object({ code: z.string(), message: z.string() }) }) }),
]);
export type CopilotStreamEvent = z.infer<typeof CopilotStreamEvent>;
