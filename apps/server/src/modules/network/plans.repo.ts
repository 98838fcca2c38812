import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  accounts,
  authUsers,
  collectionItems,
  collections,
  contentProgress,
  planAssignees,
  planCollections,
  planTeams,
  teams,
  upskillingPlans,
  userContents,
} from "../../db/schema/index.ts";
import { recordPlanAssigned } from "../insights/insights.events.ts";

export type PlanRow = typeof upskillingPlans.$inferSelect;

export function createPlansRepo(db: Db) {
  return {
    async create(v: { companyId: number; title: string; deadline: string; createdBy: number; skills: Record<string, number[]>; teamIds: number[]; accountIds: number[] }) {
      return db.transaction(async (tx) => {
        const [plan] = await tx.insert(upskillingPlans).values({ companyId: v.companyId, title: v.title, deadline: v.deadline, createdBy: v.createdBy }).returning();
        const links = Object.entries(v.skills).flatMap(([skill, ids]) => [...new Set(ids)].map((collectionId) => ({ planId: plan!.id, skill, collectionId })));
        await tx.insert(planCollections).values(links);
        if (v.teamIds.length) await tx.insert(planTeams).values(v.teamIds.map((teamId) => ({ planId: plan!.id, teamId }))).onConflictDoNothing();
        if (v.accountIds.length) await tx.insert(planAssignees).values(v.accountIds.map((accountId) => ({ planId: plan!.id, accountId }))).onConflictDoNothing();
        await recordPlanAssigned(tx, plan!.id, v.createdBy);
        return plan!;
      });
    },

    async addAssignees(planId: number, teamIds: number[], accountIds: number[]) {
      await db.transaction(async (tx) => {
        if (teamIds.length) await tx.insert(planTeams).values(teamIds.map((teamId) => ({ planId, teamId }))).onConflictDoNothing();
        if (accountIds.length) {
          await tx
            .insert(planAssignees)
            .values(accountIds.map((accountId) => ({ planId, accountId })))
            .onConflictDoUpdate({ target: [planAssignees.planId, planAssignees.accountId], set: { direct: true } });
        }
        await recordPlanAssigned(tx, planId, null);
      });
    },

    async get(companyId: number, id: number) {
      const [plan] = await db.select().from(upskillingPlans).where(and(eq(upskillingPlans.id, id), eq(upskillingPlans.companyId, companyId)));
      return plan;
    },

    async update(id: number, patch: { title?: string; deadline?: string }) {
      await db.update(upskillingPlans).set({ ...patch, updatedAt: new Date() }).where(eq(upskillingPlans.id, id));
    },

    async remove(id: number) {
      await db.delete(upskillingPlans).where(eq(upskillingPlans.id, id));
    },

    /** Skills → collections, teams and creator of each plan, for presenting them. */
    async details(planIds: number[]) {
      if (!planIds.length) return { skills: [], teams: [], creators: [] };
      const [skills, teamRows, creators] = await Promise.all([
        db
          .select({ planId: planCollections.planId, skill: planCollections.skill, id: collections.id, title: collections.title })
          .from(planCollections)
          .innerJoin(collections, eq(collections.id, planCollections.collectionId))
          .where(inArray(planCollections.planId, planIds))
          .orderBy(asc(planCollections.skill), asc(collections.id)),
        db.select({ planId: planTeams.planId, id: teams.id, name: teams.name }).from(planTeams).innerJoin(teams, eq(teams.id, planTeams.teamId)).where(inArray(planTeams.planId, planIds)),
        db
          .select({ planId: upskillingPlans.id, id: accounts.id, name: authUsers.name })
          .from(upskillingPlans)
          .innerJoin(accounts, eq(accounts.id, upskillingPlans.createdBy))
          .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
          .where(inArray(upskillingPlans.id, planIds)),
      ]);
      return { skills, teams: teamRows, creators };
    },

    /** Plans a planner may see: all of the company (ldleader) or theirs and their team's. */
    async list(companyId: number, viewer: { all: boolean; accountId: number; teamId: number | null }, teamFilter: number | undefined, limit: number, offset: number) {
      const conds: SQL[] = [eq(upskillingPlans.companyId, companyId)];
      const teamCond = (teamId: number) => sql`exists (select 1 from ${planTeams} pt where pt.plan_id = ${upskillingPlans.id} and pt.team_id = ${teamId})`;
      if (!viewer.all) conds.push(or(eq(upskillingPlans.createdBy, viewer.accountId), ...(viewer.teamId !== null ? [teamCond(viewer.teamId)] : []))!);
      if (teamFilter !== undefined) conds.push(teamCond(teamFilter));
      const where = and(...conds);
      const [rows, [total]] = await Promise.all([
        db.select().from(upskillingPlans).where(where).orderBy(asc(upskillingPlans.deadline), desc(upskillingPlans.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(upskillingPlans).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    /** Direct assignees plus every active member of an assigned team, present or future. */
    async assignees(planIds: number[]) {
      if (!planIds.length) return [];
      const result = (await db.execute(sql`
        select p.plan_id, a.id as account_id, u.name, u.email, a.team_id, t.name as team_name,
               coalesce(pa.status, 'pending') as status, coalesce(pa.direct, false) as direct
        from (
          select plan_id, account_id from ${planAssignees} where plan_id in ${planIds}
          union
          select pt.plan_id, a.id from ${planTeams} pt join ${accounts} a on a.team_id = pt.team_id and a.status = 'active' where pt.plan_id in ${planIds}
        ) p
        join ${accounts} a on a.id = p.account_id
        join ${authUsers} u on u.id = a.uid
        left join ${teams} t on t.id = a.team_id
        left join ${planAssignees} pa on pa.plan_id = p.plan_id and pa.account_id = p.account_id
        order by u.name, a.id`)) as unknown as { rows: Record<string, unknown>[] };
      return result.rows.map((r) => ({
        planId: Number(r.plan_id),
        accountId: Number(r.account_id),
        name: String(r.name),
        email: String(r.email),
        teamId: r.team_id === null ? null : Number(r.team_id),
        teamName: r.team_name === null ? null : String(r.team_name),
        status: String(r.status) as "pending" | "active" | "rejected",
        direct: Boolean(r.direct),
      }));
    },

    /** Each plan's content ids by skill: what progress is computed from. */
    async contentBySkill(planIds: number[]) {
      if (!planIds.length) return [];
      return db
        .selectDistinct({ planId: planCollections.planId, skill: planCollections.skill, contentId: collectionItems.contentId })
        .from(planCollections)
        .innerJoin(collectionItems, eq(collectionItems.collectionId, planCollections.collectionId))
        .where(inArray(planCollections.planId, planIds));
    },

    /** Which of these contents each person has done (marked done, or a finalized course). */
    async done(accountIds: number[], contentIds: number[]) {
      if (!accountIds.length || !contentIds.length) return [];
      const [marked, courses] = await Promise.all([
        db.select({ accountId: contentProgress.accountId, contentId: contentProgress.contentId }).from(contentProgress).where(and(inArray(contentProgress.accountId, accountIds), inArray(contentProgress.contentId, contentIds))),
        db
          .select({ accountId: userContents.accountId, contentId: userContents.contentId })
          .from(userContents)
          .where(and(inArray(userContents.accountId, accountIds), inArray(userContents.contentId, contentIds), eq(userContents.courseStatus, "finalized"))),
      ]);
      return [...marked, ...courses];
    },

    /** Plans assigned to me directly or through my team. */
    async myPlans(accountId: number, teamId: number | null) {
      return db
        .select()
        .from(upskillingPlans)
        .where(
          or(
            sql`exists (select 1 from ${planAssignees} pa where pa.plan_id = ${upskillingPlans.id} and pa.account_id = ${accountId})`,
            ...(teamId !== null ? [sql`exists (select 1 from ${planTeams} pt where pt.plan_id = ${upskillingPlans.id} and pt.team_id = ${teamId})`] : []),
          ),
        )
        .orderBy(asc(upskillingPlans.deadline), desc(upskillingPlans.id));
    },

    async setStatus(planId: number, accountId: number, status: "active" | "rejected", direct: boolean) {
      await db
        .insert(planAssignees)
        .values({ planId, accountId, status, direct })
        .onConflictDoUpdate({ target: [planAssignees.planId, planAssignees.accountId], set: { status, updatedAt: new Date() } });
    },
  };
}
export type PlansRepo = ReturnType<typeof createPlansRepo>;
