import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { contentProgress, userContents } from "../../db/schema/index.ts";
import { aliased } from "../../db/sql.ts";

const [DP, dp] = aliased(contentProgress, "dp");
const [DU, du] = aliased(userContents, "du");
const FINALIZED = sql.raw(`'${"finalized" satisfies NonNullable<(typeof userContents.$inferSelect)["courseStatus"]>}'`);

/**
 * The one rule for "an item counts as done" for a person (spec §4): marked done in a learning path,
 * or a course finalized in their library. Collection progress, plan progress and insights' plan
 * completion all ask this condition; `accountId` and `contentId` are a value or the caller's SQL.
 * (Migration 0008's insight_plan_done functions hold the same rule in SQL; done.test.ts keeps them in step.)
 */
export const doneBy = (accountId: number | SQLWrapper, contentId: SQLWrapper): SQL => sql`(
  exists (select 1 from ${DP} where ${dp.accountId} = ${accountId} and ${dp.contentId} = ${contentId})
  or exists (select 1 from ${DU} where ${du.accountId} = ${accountId} and ${du.contentId} = ${contentId} and ${du.courseStatus} = ${FINALIZED}))`;

/**
 * The same rule as rows, for queries that count or date what was done (discover's trending and "what I
 * finished"): (account_id, content_id, at), `at` being when it was marked done or the course last moved.
 */
export const doneItems: SQL = sql`(
  select ${dp.accountId} as account_id, ${dp.contentId} as content_id, ${dp.doneAt} as at from ${DP}
  union all
  select ${du.accountId}, ${du.contentId}, ${du.updatedAt} from ${DU} where ${du.courseStatus} = ${FINALIZED})`;
