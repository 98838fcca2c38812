import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts, certificates, teams } from "../../db/schema/index.ts";
import { windowOf, type Slice } from "./insights.activity.repo.ts";

/** The certificates a slice issued in its window, for the export: newest first, with the holder's team now. */
export function createCertificateInsightsRepo(db: Db) {
  return {
    async certificatesIssued(s: Slice) {
      const { from } = windowOf(s.time, s.now);
      const conditions: SQL[] = [eq(certificates.companyId, s.companyId), lt(certificates.createdAt, s.now)];
      if (from) conditions.push(gte(certificates.createdAt, from));
      if (s.teamId !== null) conditions.push(eq(accounts.teamId, s.teamId));
      if (s.accountId !== null) conditions.push(eq(certificates.accountId, s.accountId));
      return db
        .select({ c: certificates, team: teams.name })
        .from(certificates)
        .innerJoin(accounts, eq(accounts.id, certificates.accountId))
        .leftJoin(teams, eq(teams.id, accounts.teamId))
        .where(and(...conditions))
        .orderBy(desc(certificates.createdAt), desc(certificates.id));
    },
  };
}
