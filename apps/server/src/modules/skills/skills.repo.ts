import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { accounts, authUsers, collections, pathSkillLevels, planSkillTargets, skillRatings, upskillingPlans } from "../../db/schema/index.ts";

export type NewRating = typeof skillRatings.$inferInsert;
const rater = alias(accounts, "rater");
const raterUser = alias(authUsers, "rater_user");

/** Skill ratings, and the levels paths and plans prove; reads and writes only, in the transaction given. */
export function createSkillsRepo(db: Db) {
  return {
    /** A person of the company as the rules need them (status, team), with their name. */
    async person(companyId: number, id: number) {
      const [row] = await db
        .select({ id: accounts.id, companyId: accounts.companyId, teamId: accounts.teamId, status: accounts.status, name: authUsers.name })
        .from(accounts)
        .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
        .where(and(eq(accounts.id, id), eq(accounts.companyId, companyId)));
      return row;
    },

    async insert(tx: Tx | Db, row: NewRating) {
      const [inserted] = await tx.insert(skillRatings).values(row).returning({ id: skillRatings.id });
      return inserted!.id;
    },

    /** Every rating of these people, newest first, with the rater's name. */
    async ratingsOf(tx: Tx | Db, accountIds: number[]) {
      if (!accountIds.length) return [];
      return tx
        .select({
          id: skillRatings.id,
          accountId: skillRatings.accountId,
          skill: skillRatings.skill,
          level: skillRatings.level,
          source: skillRatings.source,
          note: skillRatings.note,
          evidenceKind: skillRatings.evidenceKind,
          evidenceId: skillRatings.evidenceId,
          evidenceTitle: skillRatings.evidenceTitle,
          createdAt: skillRatings.createdAt,
          raterId: rater.id,
          raterName: raterUser.name,
        })
        .from(skillRatings)
        .leftJoin(rater, eq(rater.id, skillRatings.ratedBy))
        .leftJoin(raterUser, eq(raterUser.id, rater.uid))
        .where(inArray(skillRatings.accountId, accountIds))
        .orderBy(desc(skillRatings.createdAt), desc(skillRatings.id));
    },

    /** A learning path (a collection, never a draft row) with the level it proves, if set. */
    async path(tx: Tx | Db, companyId: number, id: number) {
      const [row] = await tx
        .select({
          id: collections.id,
          companyId: collections.companyId,
          status: collections.status,
          title: collections.title,
          skills: collections.skills,
          level: pathSkillLevels.level,
        })
        .from(collections)
        .leftJoin(pathSkillLevels, eq(pathSkillLevels.collectionId, collections.id))
        .where(and(eq(collections.id, id), eq(collections.companyId, companyId), isNull(collections.draftOf)));
      return row;
    },

    async setPathLevel(tx: Tx | Db, collectionId: number, level: number | null, by: number) {
      if (level === null) {
        await tx.delete(pathSkillLevels).where(eq(pathSkillLevels.collectionId, collectionId));
        return;
      }
      await tx
        .insert(pathSkillLevels)
        .values({ collectionId, level, setBy: by })
        .onConflictDoUpdate({ target: pathSkillLevels.collectionId, set: { level, setBy: by, updatedAt: sql`now()` } });
    },

    /** A person's company, for evidence arriving by event (the event names only the person). */
    async companyOf(tx: Tx | Db, accountId: number) {
      const [row] = await tx.select({ companyId: accounts.companyId }).from(accounts).where(eq(accounts.id, accountId));
      return row?.companyId ?? null;
    },

    /** A plan with the levels it targets per skill (skills without a target are left out). */
    async planTargets(tx: Tx | Db, planId: number) {
      const [plan] = await tx
        .select({ id: upskillingPlans.id, companyId: upskillingPlans.companyId, title: upskillingPlans.title })
        .from(upskillingPlans)
        .where(eq(upskillingPlans.id, planId));
      if (!plan) return undefined;
      const targets = await tx
        .select({ skill: planSkillTargets.skill, level: planSkillTargets.level })
        .from(planSkillTargets)
        .where(eq(planSkillTargets.planId, planId));
      return { ...plan, targets };
    },
  };
}
export type SkillsRepo = ReturnType<typeof createSkillsRepo>;
