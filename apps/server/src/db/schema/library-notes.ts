import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamps, ownedBy } from "./columns.ts";
import { accounts } from "./identity.ts";
import { userContents } from "./library.ts";

/**
 * A person's note on one of their saved items: Markdown, one per item, edited in place. Goes with
 * the item (and the person). The bound is the contracts' NOTE_MAX, kept here too so that no path
 * around the API (an import) stores more.
 */
export const itemNotes = pgTable(
  "item_notes",
  {
    userContentId: ownedBy("user_content_id", () => userContents.id).primaryKey(),
    accountId: ownedBy("account_id", () => accounts.id),
    body: text("body").notNull(),
    ...timestamps(),
  },
  (t) => [check("item_notes_body_len", sql`char_length(${t.body}) between 1 and 20000`)],
);

/**
 * Passages a person quoted from a saved item's page, each with an optional comment and, when known,
 * where on the page it is (the order they are listed in). Go with the item (and the person).
 */
export const itemHighlights = pgTable(
  "item_highlights",
  {
    id: serial("id").primaryKey(),
    userContentId: ownedBy("user_content_id", () => userContents.id),
    accountId: ownedBy("account_id", () => accounts.id),
    text: text("text").notNull(),
    comment: text("comment"),
    position: integer("position"),
    ...timestamps(),
  },
  (t) => [
    index("item_highlights_item_idx").on(t.userContentId, t.position, t.id),
    index("item_highlights_account_idx").on(t.accountId),
    check("item_highlights_text_len", sql`char_length(${t.text}) between 1 and 5000`),
    check("item_highlights_comment_len", sql`char_length(${t.comment}) <= 2000`),
  ],
);
