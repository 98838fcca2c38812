import { sql, type SQL } from "drizzle-orm";
import { teams } from "../../db/schema/index.ts";
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
