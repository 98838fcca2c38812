import { foreignKey, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, ownedBy } from "./columns.ts";
import { accounts } from "./identity.ts";
import { userContents } from "./library.ts";
import { upskillingPlans } from "./network.ts";

/**
 * An item of a person's own library counted towards one skill of a plan they hold: for that person the
 * plan holds its learning paths' items and these. The link names the saved copy by (account, content),
 * the way progress names items, and goes with it when the person deletes the copy.
 */
export const planAttachments = pgTable(
  "plan_attachments",
  {
    planId: ownedBy("plan_id", () => upskillingPlans.id),
    accountId: ownedBy("account_id", () => accounts.id),
    contentId: integer("content_id").notNull(),
    skill: text("skill").notNull(),
    ...createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.accountId, t.contentId] }),
    index("plan_attachments_account_idx").on(t.accountId, t.contentId),
    foreignKey({
      columns: [t.accountId, t.contentId],
      foreignColumns: [userContents.accountId, userContents.contentId],
      name: "plan_attachments_saved_copy_fk",
    })
      .onDelete("cascade")
      .onUpdate("cascade"),
  ],
);
