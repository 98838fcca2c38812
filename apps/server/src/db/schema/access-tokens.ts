import { index, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamptz, createdAt, ownedBy } from "./columns.ts";
import { accounts } from "./identity.ts";

/**
 * A person's personal access tokens (the browser extension, scripts). Only the token's SHA-256 is
 * kept, looked up by that hash; the prefix lets its owner tell tokens apart. Revoking deletes the row.
 */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: serial("id").primaryKey(),
    accountId: ownedBy("account_id", () => accounts.id),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    prefix: text("prefix").notNull(),
    ...createdAt(),
    /** Written at most once a minute per token, so reads through a token stay reads. */
    lastUsedAt: timestamptz("last_used_at"),
    /** null: works until revoked. */
    expiresAt: timestamptz("expires_at"),
  },
  (t) => [index("access_tokens_account_idx").on(t.accountId)],
);
