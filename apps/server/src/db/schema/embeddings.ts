import { index, pgTable, real, text } from "drizzle-orm/pg-core";
import { timestamptz, ownedBy } from "./columns.ts";
import { companyRef } from "./refs.ts";
import { contentItems } from "./catalog.ts";

/**
 * A catalog item's vector from the embeddings model (EMBEDDINGS_BASE_URL), one per item.
 * A plain `real[]` rather than pgvector, so PGlite and a PostgreSQL without the extension serve it
 * alike; the copilot ranks them in memory (copilot/semantic.ts). `textHash` is of the model and the
 * text embedded: an item is embedded again only when either changes.
 */
export const contentEmbeddings = pgTable(
  "content_embeddings",
  {
    contentId: ownedBy("content_id", () => contentItems.id).primaryKey(),
    companyId: companyRef(),
    model: text("model").notNull(),
    textHash: text("text_hash").notNull(),
    vector: real("vector").array().notNull(),
    embeddedAt: timestamptz("embedded_at").notNull().defaultNow(),
  },
  (t) => [index("content_embeddings_company_model_idx").on(t.companyId, t.model, t.embeddedAt)],
);
