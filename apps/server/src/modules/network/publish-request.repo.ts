import { eq, getTableColumns } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { accounts, authUsers, collections, publishRequests } from "../../db/schema/index.ts";

// A publish request as the two repos that file one answer it: a collection submitted for the
// first time (publish.repo.ts) and a changed draft submitted again (drafts.repo.ts).

// The submitted draft is read only to publish it, never to list requests.
const { revision: _revision, ...columns } = getTableColumns(publishRequests);
export const requestColumns = columns;
type FiledRow = { [K in keyof typeof requestColumns]: (typeof publishRequests.$inferSelect)[K] };

/**
 * The answer for a request just filed, from the transaction that filed it (no re-read by
 * id): a new request has no decider yet, so only its collection's title and the asker's name are looked up.
 */
export async function filedRequest(tx: Tx, row: FiledRow) {
  const [names] = await tx
    .select({ title: collections.title, askerName: authUsers.name })
    .from(collections)
    .innerJoin(accounts, eq(accounts.id, row.requestedBy))
    .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
    .where(eq(collections.id, row.collectionId));
  return { r: row, title: names!.title, askerName: names!.askerName, deciderName: null };
}
