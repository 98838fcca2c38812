import { sql, type SQL } from "drizzle-orm";
import { collectionItems, planAttachments, planCollections, teams } from "../../db/schema/index.ts";
import { aliased } from "../../db/sql.ts";

const [LT, lt] = aliased(teams, "lt");

/**
 * Who holds a plan given to a team: its active members except the team's leader, who hands the plan
 * out rather than takes it (a leader assigned by name still holds it). Every query that
 * turns a plan's teams into people adds this condition: `accountId` is the member's account id and
 * `teamId` the plan's team, as SQL of the caller's query.
 */
export const notTeamLeader = (accountId: SQL, teamId: SQL): SQL =>
  sql`not exists (select 1 from ${LT} where ${lt.id} = ${teamId} and ${lt.leaderAccountId} = ${accountId})`;

const [PC, pc] = aliased(planCollections, "ic");
const [CI, ci] = aliased(collectionItems, "ii");
const [PX, px] = aliased(planAttachments, "ix");

/**
 * The one rule for "the items of a plan, for one person": its learning paths' items, and the items of
 * their own library they counted towards one of its skills. Completion (reminders) asks this; progress
 * (plans.service) and insights read the same two sources; `planId` and `accountId` are SQL of the caller's query.
 */
export const planItemsFor = (planId: SQL, accountId: SQL): SQL =>
  sql`select ${ci.contentId} as content_id from ${PC} join ${CI} on ${ci.collectionId} = ${pc.collectionId} where ${pc.planId} = ${planId}
    union select ${px.contentId} from ${PX} where ${px.planId} = ${planId} and ${px.accountId} = ${accountId}`;
