import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { TAG_NAME_MAX } from "@learnward/contracts";
import { createdAt, ownedBy, timestamptz } from "./columns.ts";
import { accounts } from "./identity.ts";
import { userContents } from "./library.ts";

/**
 * A person's own tags for organising their saved items. One name per person whatever its case
 * ("Python" and "python" are the same tag), trimmed and bounded, so a rename onto another tag's
 * name is a merge and never a second tag.
 */
export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    accountId: ownedBy("account_id", () => accounts.id),
    name: text("name").notNull(),
    ...createdAt(),
  },
  (t) => [
    // Also the person's list of tags in name order and the `#name` lookup of a search.
    uniqueIndex("tags_account_name_uq").on(t.accountId, sql`lower(${t.name})`),
    check("tags_name_length", sql`char_length(${t.name}) between 1 and ${sql.raw(String(TAG_NAME_MAX))} and ${t.name} = btrim(${t.name})`),
  ],
);

/**
 * A tag on a saved item. The item's created_at is kept beside it (it never changes after the save)
 * so that "my items with tag T, newest first" is one walk down an index that stops after the page,
 * however many items the tag or the library holds.
 */
export const userContentTags = pgTable(
  "user_content_tags",
  {
    tagId: ownedBy("tag_id", () => tags.id),
    userContentId: ownedBy("user_content_id", () => userContents.id),
    itemCreatedAt: timestamptz("item_created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userContentId, t.tagId] }),
    // Ascending, read backwards for "newest first" (created desc, id desc: nulls first, as ORDER BY … DESC
    // reads them); a DESC NULLS LAST index could not serve that order and the page sorted the whole tag.
    index("user_content_tags_tag_recent_idx").on(t.tagId, t.itemCreatedAt, t.userContentId),
  ],
);
