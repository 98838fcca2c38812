import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";

/**
 * Rate-limit counters every server process shares (the per-person sign-in and reset limits), so N
 * processes allow what one does and a restart forgets nothing. Keys are hashes: no address is stored.
 */
export const rateLimitCounters = pgTable("rate_limit_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowEnds: timestamptz("window_ends").notNull(),
});
