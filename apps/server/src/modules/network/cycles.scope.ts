import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { pathCompletions } from "../../db/schema/index.ts";
import { aliased } from "../../db/sql.ts";

const [LC, lc] = aliased(pathCompletions, "lc");

/**
 * Whether `cycle` is the person's latest completed cycle of a path: the completion a path's standing
 * and its certificate are read from (a path started again opens a new cycle, completions.repo.ts).
 */
export const latestCompletedCycle = (cycle: SQLWrapper, accountId: SQLWrapper, collectionId: SQLWrapper): SQL =>
  sql`${cycle} = (select max(${lc.cycle}) from ${LC} where ${lc.accountId} = ${accountId} and ${lc.collectionId} = ${collectionId})`;
