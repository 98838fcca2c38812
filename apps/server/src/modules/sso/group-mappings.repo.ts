import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts, companySsoGroups, type SsoGroupRuleRow } from "../../db/schema/index.ts";
import { recordAudit } from "../../lib/audit.ts";

export type SsoGroupsRow = typeof companySsoGroups.$inferSelect;

/** A company's identity-provider group mapping (issue 27): read, saved with its audit line. */
export function createGroupMappingsRepo(db: Db) {
  return {
    async read(companyId: number): Promise<SsoGroupsRow | undefined> {
      const [row] = await db.select().from(companySsoGroups).where(eq(companySsoGroups.companyId, companyId)).limit(1);
      return row;
    },

    async save(actorId: number | null, companyId: number, values: { groupsClaim: string; rules: SsoGroupRuleRow[] }): Promise<SsoGroupsRow> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(companySsoGroups).where(eq(companySsoGroups.companyId, companyId)).for("update");
        const set = { ...values, updatedBy: actorId, updatedAt: new Date() };
        const [row] = await tx
          .insert(companySsoGroups)
          .values({ companyId, ...set })
          .onConflictDoUpdate({ target: companySsoGroups.companyId, set })
          .returning();
        await recordAudit(tx, {
          actorId,
          companyId,
          entity: "company",
          entityId: companyId,
          action: "sso_group_mappings_updated",
          before: before ? { groups_claim: before.groupsClaim, rules: before.rules } : null,
          after: { groups_claim: row!.groupsClaim, rules: row!.rules },
        });
        return row!;
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
