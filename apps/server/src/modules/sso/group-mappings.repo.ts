import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts, companySsoGroups, type SsoGroupRuleRow } from "../../db/schema/index.ts";
import { upsertCompanySetting } from "../../lib/company-settings.ts";

export type SsoGroupsRow = typeof companySsoGroups.$inferSelect;

/** A company's identity-provider group mapping: read, saved with its audit line. */
export function createGroupMappingsRepo(db: Db) {
  return {
    async read(companyId: number): Promise<SsoGroupsRow | undefined> {
      const [row] = await db.select().from(companySsoGroups).where(eq(companySsoGroups.companyId, companyId)).limit(1);
      return row;
    },

    async save(actorId: number | null, companyId: number, values: { groupsClaim: string; rules: SsoGroupRuleRow[] }): Promise<SsoGroupsRow> {
      return upsertCompanySetting(db, companySsoGroups, {
        actorId,
        companyId,
        values,
        action: "sso_group_mappings_updated",
        trace: (before, row) => ({
          before: before ? { groups_claim: before.groupsClaim, rules: before.rules } : null,
          after: { groups_claim: row.groupsClaim, rules: row.rules },
        }),
      });
    },

    /** The account behind a better-auth user id, in the company named (undefined otherwise). */
    async accountOfUser(companyId: number, uid: string): Promise<number | undefined> {
      const [row] = await db.select({ id: accounts.id, companyId: accounts.companyId }).from(accounts).where(eq(accounts.uid, uid)).limit(1);
      return row?.companyId === companyId ? row.id : undefined;
    },
  };
}
export type GroupMappingsRepo = ReturnType<typeof createGroupMappingsRepo>;
