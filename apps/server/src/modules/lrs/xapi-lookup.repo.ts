import { and, arrayContains, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts, authUsers, xapiStatements } from "../../db/schema/index.ts";

/** What the Activities and Agents resources read: statements naming an activity, and the company's people. */
export function createXapiLookupRepo(db: Db) {
  return {
    /** The newest statements (not voided) that name this activity anywhere, newest first. */
    async statementsNaming(companyId: number, activityId: string, limit: number) {
      const rows = await db
        .select({ statement: xapiStatements.statement })
        .from(xapiStatements)
        .where(and(eq(xapiStatements.companyId, companyId), eq(xapiStatements.voided, false), arrayContains(xapiStatements.relatedActivityIds, [activityId])))
        .orderBy(desc(xapiStatements.seq))
        .limit(limit);
      return rows.map((r) => r.statement);
    },
    /** The company's active person with this address (lower-cased) or user name. */
    async person(companyId: number, by: { email: string } | { username: string }) {
      const [row] = await db
        .select({ name: authUsers.name, email: authUsers.email, username: accounts.username })
        .from(accounts)
        .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
        .where(
          and(
            eq(accounts.companyId, companyId),
            eq(accounts.status, "active"),
            "email" in by ? eq(sql`lower(${authUsers.email})`, by.email) : eq(accounts.username, by.username),
          ),
        )
        .limit(1);
      return row;
    },
  };
}
export type XapiLookupRepo = ReturnType<typeof createXapiLookupRepo>;
