import { index, integer, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";
import { contentItems } from "./catalog.ts";
import { companies } from "./identity.ts";

/**
 * A catalog item's vector from the embeddings model (EMBEDDINGS_BASE_URL), one per item.
 * A plain `real[]` rather than pgvector, so PGlite and a PostgreSQL without the extension serve it
 * alike; the copilot ranks them in memory (copilot/semantic.ts). `textHash` is of the model and the
 * text embedded: an item is embedded again only when either changes.
 */
export const contentEmbeddings = pgTable(
  "content_embeddings",
  {
    contentId: integer("content_id")
      .primaryKey()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    model: text("model").notNull(),
    textHash: text("text_hash").notNull(),
    vector: real("vector").array().notNull(),
    embeddedAt: timestamp("embedded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("content_embeddings_company_model_idx").on(t.companyId, t.model, t.embeddedAt)],
);
