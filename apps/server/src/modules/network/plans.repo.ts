import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { type AuditEvent, recordAudit } from "../../lib/audit.ts";
import {
  accounts,
  authUsers,
  collectionItems,
  collections,
  contentItems,
  planAssignees,
  planCollections,
  planSkillTargets,
  planTeams,
  teams,
  planAttachments,
  upskillingPlans,
} from "../../db/schema/index.ts";
import { aliased } from "../../db/sql.ts";
import { doneBy } from "./done.scope.ts";
import { notTeamLeader } from "./plans.scope.ts";

export type PlanRow = typeof upskillingPlans.$inferSelect;

// Raw SQL names tables and columns through the schema (db/sql.ts), so that a rename fails to compile.
const [PA, pa] = aliased(planAssignees, "pa");
const [PT, pt] = aliased(planTeams, "pt");
const [A, a] = aliased(accounts, "a");
const [M, m] = aliased(accounts, "m");
const [U, u] = aliased(authUsers, "u");
const [T, t] = aliased(teams, "t");
const ACTIVE = sql.raw(`'${"active" satisfies (typeof accounts.$inferSelect)["status"]}'`);

/**
 * Who holds a plan, as (plan_id, account_id) pairs: its direct assignees, and every active member of
 * a team it was given to, present or future, but its leader (plans.scope.ts). `direct` filters the first
 * (`pa` the assignment), `viaTeam` the second (`pt` the plan's team, `a` the member).
 */
export const holders = (direct: SQL, viaTeam: SQL) => sql`select ${pa.planId} as plan_id, ${pa.accountId} as account_id from ${PA} where ${direct}
    union
    select ${pt.planId}, ${a.id} from ${PT} join ${A} on ${a.teamId} = ${pt.teamId} and ${a.status} = ${ACTIVE} and ${notTeamLeader(sql`${a.id}`, sql`${pt.teamId}`)} where ${viaTeam}`;
/** The aliases `holders`' conditions name. */
export const holderAliases = { pa, pt, a };

/** Who holds one plan, as SQL of (plan_id, account_id) rows: what notifications tells when it is assigned. */
export const planHolders = (planId: number): SQL => holders(sql`${pa.planId} = ${planId}`, sql`${pt.planId} = ${planId}`);

async function insertTargets(tx: Tx, planId: number, targets: Record<string, number>) {
  const rows = Object.entries(targets).map(([skill, level]) => ({ planId, skill, level }));
  if (rows.length) await tx.insert(planSkillTargets).values(rows);
}

export function createPlansRepo(db: Db) {
  /**
   * Assignees as people: each pair of `holders` with the person's name, email and team and the stored
   * answer (pending until they accept or reject), by name.
   */
  async function assigneeRows(pairs: SQL, where: SQL = sql`true`, page: SQL = sql``) {
    const result = (await db.execute(sql`
      select p.plan_id, ${a.id} as account_id, ${u.name} as name, ${u.email} as email, ${a.teamId} as team_id, ${t.name} as team_name,
             coalesce(${pa.status}, 'pending') as status, coalesce(${pa.direct}, false) as direct
      from (${pairs}) p
      join ${A} on ${a.id} = p.account_id
      join ${U} on ${u.id} = ${a.uid}
      left join ${T} on ${t.id} = ${a.teamId}
      left join ${PA} on ${pa.planId} = p.plan_id and ${pa.accountId} = p.account_id
      where ${where}
      order by ${u.name}, ${a.id}
      ${page}`)) as { rows: Record<string, unknown>[] };
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
  }

  return {
    /** A new plan with its skills' collections, teams and people (its event and audit entry are the service's). */
    async insertPlan(
      tx: Tx,
      v: {
        companyId: number;
        title: string;
        deadline: string;
        createdBy: number;
        skills: Record<string, number[]>;
        targets: Record<string, number>;
        teamIds: number[];
        accountIds: number[];
      },
    ) {
      const [plan] = await tx
        .insert(upskillingPlans)
        .values({ companyId: v.companyId, title: v.title, deadline: v.deadline, createdBy: v.createdBy })
        .returning();
      const links = Object.entries(v.skills).flatMap(([skill, ids]) => [...new Set(ids)].map((collectionId) => ({ planId: plan!.id, skill, collectionId })));
      await tx.insert(planCollections).values(links);
      await insertTargets(tx, plan!.id, v.targets);
      if (v.teamIds.length)
        await tx
          .insert(planTeams)
          .values(v.teamIds.map((teamId) => ({ planId: plan!.id, teamId })))
          .onConflictDoNothing();
      if (v.accountIds.length)
        await tx
          .insert(planAssignees)
          .values(v.accountIds.map((accountId) => ({ planId: plan!.id, accountId })))
          .onConflictDoNothing();
      return plan!;
    },

    /** More teams and people for a plan; a person already holding it through their team is now named directly. */
    async insertAssignees(tx: Tx, planId: number, teamIds: number[], accountIds: number[]) {
      if (teamIds.length)
        await tx
          .insert(planTeams)
          .values(teamIds.map((teamId) => ({ planId, teamId })))
          .onConflictDoNothing();
      if (accountIds.length) {
        await tx
          .insert(planAssignees)
          .values(accountIds.map((accountId) => ({ planId, accountId })))
          .onConflictDoUpdate({ target: [planAssignees.planId, planAssignees.accountId], set: { direct: true } });
      }
    },

    audit: (tx: Tx, e: AuditEvent) => recordAudit(tx, e),

    async get(companyId: number, id: number) {
      const [plan] = await db
        .select()
        .from(upskillingPlans)
        .where(and(eq(upskillingPlans.id, id), eq(upskillingPlans.companyId, companyId)));
      return plan;
    },

    /** Renames and/or moves the deadline; answers the plan as changed. */
    async updatePlan(tx: Tx, planId: number, patch: { title?: string; deadline?: string }) {
      const [after] = await tx
        .update(upskillingPlans)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(upskillingPlans.id, planId))
        .returning();
      return after;
    },

    /** The plan's skills, sorted (what the audit trail shows). */
    async skillsOf(tx: Tx, planId: number) {
      return [
        ...new Set((await tx.select({ skill: planCollections.skill }).from(planCollections).where(eq(planCollections.planId, planId))).map((r) => r.skill)),
      ].sort();
    },

    /** Replaces the plan's skills, their collections and target levels. */
    async replaceSkills(tx: Tx, planId: number, skills: Record<string, number[]>, targets: Record<string, number>) {
      await tx.delete(planSkillTargets).where(eq(planSkillTargets.planId, planId));
      await insertTargets(tx, planId, targets);
      await tx.delete(planCollections).where(eq(planCollections.planId, planId));
      await tx
        .insert(planCollections)
        .values(Object.entries(skills).flatMap(([skill, ids]) => [...new Set(ids)].map((collectionId) => ({ planId, skill, collectionId }))));
    },

    async deletePlan(tx: Tx, planId: number) {
      await tx.delete(upskillingPlans).where(eq(upskillingPlans.id, planId));
    },

    /** Skills → collections, teams and creator of each plan, for presenting them. */
    async details(planIds: number[]) {
      if (!planIds.length) return { skills: [], teams: [], creators: [], targets: [] };
      const [skills, teamRows, creators, targets] = await Promise.all([
        db
          .select({ planId: planCollections.planId, skill: planCollections.skill, id: collections.id, title: collections.title })
          .from(planCollections)
          .innerJoin(collections, eq(collections.id, planCollections.collectionId))
          .where(inArray(planCollections.planId, planIds))
          .orderBy(asc(planCollections.skill), asc(collections.id)),
        db
          .select({ planId: planTeams.planId, id: teams.id, name: teams.name })
          .from(planTeams)
          .innerJoin(teams, eq(teams.id, planTeams.teamId))
          .where(inArray(planTeams.planId, planIds)),
        db
          .select({ planId: upskillingPlans.id, id: accounts.id, name: authUsers.name })
          .from(upskillingPlans)
          .innerJoin(accounts, eq(accounts.id, upskillingPlans.createdBy))
          .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
          .where(inArray(upskillingPlans.id, planIds)),
        db
          .select({ planId: planSkillTargets.planId, skill: planSkillTargets.skill, level: planSkillTargets.level })
          .from(planSkillTargets)
          .where(inArray(planSkillTargets.planId, planIds)),
      ]);
      return { skills, teams: teamRows, creators, targets };
    },

    /** Plans a planner may see: all of the company (ldleader) or theirs and their team's. */
    async list(
      companyId: number,
      viewer: { all: boolean; accountId: number; teamId: number | null },
      teamFilter: number | undefined,
      limit: number,
      offset: number,
    ) {
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

    /** Everyone who holds these plans. */
    async assignees(planIds: number[]) {
      if (!planIds.length) return [];
      return assigneeRows(holders(inArray(pa.planId, planIds), inArray(pt.planId, planIds)));
    },

    /** One page of a plan's assignees (by name), optionally only one team's people, and how many there are. */
    async assigneesPage(planId: number, teamId: number | undefined, limit: number, offset: number) {
      const ofPlan = holders(eq(pa.planId, planId), eq(pt.planId, planId));
      const inTeam = teamId === undefined ? sql`true` : eq(a.teamId, teamId);
      const [rows, total] = await Promise.all([
        assigneeRows(ofPlan, inTeam, sql`limit ${limit} offset ${offset}`),
        db.execute(sql`select count(*)::int as n from (${ofPlan}) p join ${A} on ${a.id} = p.account_id where ${inTeam}`) as Promise<{
          rows: { n: number }[];
        }>,
      ]);
      return { rows, count: Number(total.rows[0]?.n ?? 0) };
    },

    /** The plans these people hold, directly or through their team (as assignees() counts them). */
    async assignmentsOf(accountIds: number[]) {
      if (!accountIds.length) return [];
      return assigneeRows(holders(inArray(pa.accountId, accountIds), inArray(a.id, accountIds)));
    },

    /** Every skill of the plans that the team's active members hold. */
    async skillsOfTeam(teamId: number) {
      const members = sql`select ${m.id} from ${M} where ${m.teamId} = ${teamId} and ${m.status} = ${ACTIVE}`;
      const result = (await db.execute(sql`
        select distinct ${planCollections.skill} as skill from ${planCollections}
        where ${planCollections.planId} in (select plan_id from (${holders(sql`${pa.accountId} in (${members})`, eq(a.teamId, teamId))}) h)
        order by 1`)) as { rows: { skill: string }[] };
      return result.rows.map((r) => String(r.skill));
    },

    /** These plans, soonest deadline first. */
    async byIds(planIds: number[]) {
      if (!planIds.length) return [];
      return db.select().from(upskillingPlans).where(inArray(upskillingPlans.id, planIds)).orderBy(asc(upskillingPlans.deadline), desc(upskillingPlans.id));
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

    /** The items of their own library these people counted towards these plans (plans.scope.ts's planItemsFor). */
    async attachmentsOf(planIds: number[], accountIds: number[]) {
      if (!planIds.length || !accountIds.length) return [];
      return db
        .select({ planId: planAttachments.planId, accountId: planAttachments.accountId, skill: planAttachments.skill, contentId: planAttachments.contentId })
        .from(planAttachments)
        .where(and(inArray(planAttachments.planId, planIds), inArray(planAttachments.accountId, accountIds)));
    },

    /** The plans one item of a person's library counts towards, and for which skill. */
    async attachmentsOfItem(accountId: number, contentId: number) {
      return db
        .select({ plan: { id: upskillingPlans.id, title: upskillingPlans.title, deadline: upskillingPlans.deadline }, skill: planAttachments.skill })
        .from(planAttachments)
        .innerJoin(upskillingPlans, eq(upskillingPlans.id, planAttachments.planId))
        .where(and(eq(planAttachments.accountId, accountId), eq(planAttachments.contentId, contentId)))
        .orderBy(asc(upskillingPlans.deadline), asc(upskillingPlans.id));
    },

    /** Counts the item towards the plan's skill (a second time moves it to this skill). */
    async attach(tx: Tx, v: { planId: number; accountId: number; contentId: number; skill: string }) {
      await tx
        .insert(planAttachments)
        .values(v)
        .onConflictDoUpdate({ target: [planAttachments.planId, planAttachments.accountId, planAttachments.contentId], set: { skill: v.skill } });
    },

    async detach(tx: Tx, v: { planId: number; accountId: number; contentId: number }) {
      const gone = await tx
        .delete(planAttachments)
        .where(and(eq(planAttachments.planId, v.planId), eq(planAttachments.accountId, v.accountId), eq(planAttachments.contentId, v.contentId)))
        .returning({ planId: planAttachments.planId });
      return gone.length > 0;
    },

    /** Which of these contents each person has done (done.scope.ts). */
    async done(accountIds: number[], contentIds: number[]) {
      if (!accountIds.length || !contentIds.length) return [];
      return db
        .select({ accountId: accounts.id, contentId: contentItems.id })
        .from(accounts)
        .innerJoin(contentItems, inArray(contentItems.id, contentIds))
        .where(and(inArray(accounts.id, accountIds), doneBy(accounts.id, contentItems.id)));
    },

    /** The person's answer to a plan they hold (stored even when they hold it only through their team). */
    async upsertStatus(tx: Tx, planId: number, accountId: number, status: "active" | "rejected", direct: boolean) {
      await tx
        .insert(planAssignees)
        .values({ planId, accountId, status, direct })
        .onConflictDoUpdate({ target: [planAssignees.planId, planAssignees.accountId], set: { status, updatedAt: new Date() } });
    },
  };
}
export type PlansRepo = ReturnType<typeof createPlansRepo>;
