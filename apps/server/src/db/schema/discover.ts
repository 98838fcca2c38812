import { index, jsonb, pgTable, primaryKey, real, serial, text } from "drizzle-orm/pg-core";
import { createdAt, timestamps, ownedBy, pointsTo } from "./columns.ts";
import { companyRef } from "./refs.ts";
import { accounts } from "./identity.ts";
import { collections } from "./network.ts";

/** What an assistant message keeps besides its text: the cited catalog items, the plan, suggestions. */
export interface StoredAnswer {
  found: boolean;
  /**
   * The items the answer shows: [ref] in the text cites the item with that ref. `id` is the catalog
   * row's; `source` "library" marks one of the asker's own saves (read back from their library,
   * never from the catalog, which leaves private saves out). Answers stored before it have none.
   */
  items: { ref: number; id: number; source?: "library" }[];
  /**
   * For an answer that picked among the previous answer's items ("which of those is shortest?"):
   * those items, so that the next "the second one" still means the second of that list.
   */
  among?: { ref: number; id: number; source?: "library" }[];
  plan: {
    skills: string[];
    available_s: number | null;
    span: { unit: "day" | "week" | "month"; count: number } | null;
    total_s: number;
    /** Each section's items, as refs. */
    sections: { title: string; kind: "week" | "topic"; items: number[]; duration_s: number }[];
  } | null;
  suggestions: string[];
  /** Why the language model's answer was not used, when one is configured. */
  fallback: "timeout" | "error" | null;
}

/** A person's copilot conversation (PRODUCT.md: conversations are kept per user). */
export const copilotConversations = pgTable(
  "copilot_conversations",
  {
    id: serial("id").primaryKey(),
    accountId: ownedBy("account_id", () => accounts.id),
    companyId: companyRef(),
    title: text("title").notNull(),
    language: text("language", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    ...timestamps(),
  },
  (t) => [index("copilot_conversations_account_idx").on(t.accountId, t.updatedAt)],
);

export const copilotMessages = pgTable(
  "copilot_messages",
  {
    id: serial("id").primaryKey(),
    conversationId: ownedBy("conversation_id", () => copilotConversations.id),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    language: text("language", { enum: ["en", "es"] }).notNull(),
    /** Who wrote an answer: the local engine or the configured language model. */
    engine: text("engine", { enum: ["local", "llm"] }),
    answer: jsonb("answer").$type<StoredAnswer>(),
    /** The draft collection made from this answer ("turn this into a collection"). */
    collectionId: pointsTo("collection_id", () => collections.id),
    ...createdAt(),
  },
  (t) => [index("copilot_messages_conversation_idx").on(t.conversationId, t.id)],
);

/**
 * What the copilot learned from a company's catalog: a catalog word or skill and a skill
 * it leads to, with a weight in 0..1. `word`: a word of items' text and the skills of those items;
 * `skill`: skills filed together on items; `finished`: skills of items the same people finished.
 * Recomputed whole by the `catalog.learn` job; `term` is folded (lower case, no accents).
 */
export const catalogRelations = pgTable(
  "catalog_relations",
  {
    companyId: companyRef(),
    kind: text("kind", { enum: ["word", "skill", "finished"] }).notNull(),
    term: text("term").notNull(),
    skill: text("skill").notNull(),
    weight: real("weight").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.kind, t.term, t.skill] }),
    // A question word missing from the catalog is matched to the closest catalog words (pg_trgm).
    index("catalog_relations_term_trgm_idx").using("gin", t.term.op("gin_trgm_ops")),
  ],
);
