import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { ComplianceStatus } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import type { Executor } from "../../lib/events.ts";
import { recordAudit } from "../../lib/audit.ts";
import { latestCompletedCycle } from "../network/index.ts";
import {
  accounts,
  authUsers,
  certificates,
  collections,
  complianceRequirements,
  pathCompletions,
  teams,
  type ComplianceRequirementRow,
} from "../../db/schema/index.ts";

const cr = complianceRequirements;
export type RequirementValues = Pick<ComplianceRequirementRow, "teamIds" | "roles" | "dueDays" | "everyMonths">;
export type RequirementWithPath = ComplianceRequirementRow & { collectionTitle: string; teams: { id: number; name: string }[] };

/** A person in a requirement's audience, with what their standing is read from (compliance.status.ts). */
export interface AssignmentRow {
  requirementId: number;
  collectionId: number;
  collectionTitle: string;
  requiredSince: Date;
  dueDays: number;
  everyMonths: number | null;
  accountId: number;
  accountSince: Date;
  name: string;
  email: string;
  locale: "en" | "es";
  teamId: number | null;
  teamName: string | null;
  completedAt: Date | null;
  certificate: { code: string; expiresAt: Date | null; revokedAt: Date | null } | null;
}

/** Active people of the requirement's company in one of its teams or holding one of its roles. */
const inAudience = and(
  eq(accounts.companyId, cr.companyId),
  eq(accounts.status, "active"),
  sql`(${accounts.teamId} = any(${cr.teamIds}) or ${accounts.role} = any(${cr.roles}))`,
);

/** The person's latest completion of the requirement's path (of their last cycle): the standing reads from it. */
const latestCompletion = and(
  eq(pathCompletions.accountId, accounts.id),
  eq(pathCompletions.collectionId, cr.collectionId),
  latestCompletedCycle(pathCompletions.cycle, accounts.id, cr.collectionId),
);
/** The certificate that completion issued. */
const certificateOfCompletion = and(
  eq(certificates.accountId, accounts.id),
  eq(certificates.sourceKey, sql`'path:' || ${cr.collectionId}`),
  eq(certificates.cycle, pathCompletions.cycle),
);

/**
 * standing()'s status (compliance.status.ts) as SQL, to count in the database: the same UTC days, a
 * completion whose certificate was revoked not counted, the certificate's stored expiry winning over
 * completion + months. compliance.counts.test.ts holds both to the same answers.
 */
const statusAt = (now: Date) => {
  const at = sql`${now.toISOString()}::timestamptz`;
  const completed = sql`(case when ${certificates.revokedAt} is null then ${pathCompletions.completedAt} end)`;
  const dueOn = sql`((greatest(${cr.createdAt}, ${accounts.createdAt}) at time zone 'UTC')::date + ${cr.dueDays})`;
  const computed = sql`((${completed} at time zone 'UTC') + make_interval(months => ${cr.everyMonths})) at time zone 'UTC'`;
  const expires = sql`(case when ${cr.everyMonths} is not null then coalesce(${certificates.expiresAt}, ${computed}) end)`;
  return sql<ComplianceStatus>`(case
    when ${completed} is null then (case when (${at} at time zone 'UTC')::date > ${dueOn} then 'overdue' else 'due' end)
    when ${expires} <= ${at} then 'expired'
    else 'on_time' end)`;
};

export function createComplianceRepo(db: Db) {
  const withPath = () => db.select({ r: cr, collectionTitle: collections.title }).from(cr).innerJoin(collections, eq(collections.id, cr.collectionId));
  /** The requirements with their path's title and their teams' names, in two reads whatever their number. */
  async function flat(rows: { r: ComplianceRequirementRow; collectionTitle: string }[]): Promise<RequirementWithPath[]> {
    const ids = [...new Set(rows.flatMap(({ r }) => r.teamIds))];
    const named = ids.length ? await db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, ids)) : [];
    const byId = new Map(named.map((team) => [team.id, team]));
    return rows.map(({ r, collectionTitle }) => ({ ...r, collectionTitle, teams: r.teamIds.flatMap((id) => byId.get(id) ?? []) }));
  }

  return {
    recordAudit,

    /** A collection as the requirement rules read it (company, and whether it is a published path). */
    async collection(id: number) {
      const [row] = await db
        .select({ id: collections.id, companyId: collections.companyId, status: collections.status, ownerId: collections.ownerId })
        .from(collections)
        .where(eq(collections.id, id));
      return row ?? null;
    },

    /** Which of these teams exist, with their companies. */
    async teams(ids: number[]) {
      if (!ids.length) return [];
      return db.select({ id: teams.id, companyId: teams.companyId }).from(teams).where(inArray(teams.id, ids));
    },

    async list(companyId: number, page: { limit: number; offset: number }) {
      const [rows, [total]] = await Promise.all([
        withPath().where(eq(cr.companyId, companyId)).orderBy(asc(cr.id)).limit(page.limit).offset(page.offset),
        db.select({ n: count() }).from(cr).where(eq(cr.companyId, companyId)),
      ]);
      return { rows: await flat(rows), count: total?.n ?? 0 };
    },

    async byId(id: number): Promise<RequirementWithPath | null> {
      return (await flat(await withPath().where(eq(cr.id, id))))[0] ?? null;
    },

    async insert(tx: Executor, v: RequirementValues & { companyId: number; collectionId: number; createdBy: number }) {
      const [row] = await tx.insert(cr).values(v).returning({ id: cr.id });
      return row!.id;
    },

    async update(tx: Executor, id: number, v: Partial<RequirementValues>) {
      await tx
        .update(cr)
        .set({ ...v, updatedAt: sql`now()` })
        .where(eq(cr.id, id));
    },

    async remove(tx: Executor, id: number) {
      await tx.delete(cr).where(eq(cr.id, id));
    },

    /** Everyone in the audience of the company's requirements (or of one person), by requirement and name. */
    async assignments(where: { companyId: number; accountId?: number }): Promise<AssignmentRow[]> {
      const rows = await db
        .select({
          requirementId: cr.id,
          collectionId: cr.collectionId,
          collectionTitle: collections.title,
          requiredSince: cr.createdAt,
          dueDays: cr.dueDays,
          everyMonths: cr.everyMonths,
          accountId: accounts.id,
          accountSince: accounts.createdAt,
          name: authUsers.name,
          email: authUsers.email,
          locale: accounts.locale,
          teamId: teams.id,
          teamName: teams.name,
          completedAt: pathCompletions.completedAt,
          code: certificates.code,
          expiresAt: certificates.expiresAt,
          revokedAt: certificates.revokedAt,
        })
        .from(cr)
        .innerJoin(collections, eq(collections.id, cr.collectionId))
        .innerJoin(accounts, inAudience)
        .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
        .leftJoin(teams, eq(teams.id, accounts.teamId))
        .leftJoin(pathCompletions, latestCompletion)
        .leftJoin(certificates, certificateOfCompletion)
        .where(and(eq(cr.companyId, where.companyId), where.accountId === undefined ? undefined : eq(accounts.id, where.accountId)))
        .orderBy(asc(cr.id), asc(authUsers.name), asc(accounts.id));
      return rows.map(({ code, expiresAt, revokedAt, ...r }) => ({ ...r, certificate: code ? { code, expiresAt, revokedAt } : null }));
    },

    /** How many people of each team stand where on the company's required paths at `now`, counted in one query. */
    async teamCounts(companyId: number, now: Date) {
      const each = db
        .select({ teamId: teams.id, teamName: teams.name, status: statusAt(now).as("status") })
        .from(cr)
        .innerJoin(accounts, inAudience)
        .leftJoin(teams, eq(teams.id, accounts.teamId))
        .leftJoin(pathCompletions, latestCompletion)
        .leftJoin(certificates, certificateOfCompletion)
        .where(eq(cr.companyId, companyId))
        .as("each");
      const n = (s: ComplianceStatus) => sql<number>`(count(*) filter (where ${each.status} = ${s}))::int`;
      return db
        .select({ teamId: each.teamId, teamName: each.teamName, on_time: n("on_time"), due: n("due"), overdue: n("overdue"), expired: n("expired") })
        .from(each)
        .groupBy(each.teamId, each.teamName);
    },

    /** Companies that have requirements: the daily job works through them one by one. */
    async companies(): Promise<number[]> {
      const rows = await db.selectDistinct({ id: cr.companyId }).from(cr).orderBy(asc(cr.companyId));
      return rows.map((r) => r.id);
    },

    /** Everyone in the audience of a requirement of this path, with the shortest recurrence among those (null: none recurs). */
    async recurrences(tx: Executor, companyId: number, collectionId: number): Promise<{ accountId: number; months: number | null }[]> {
      const rows = await tx
        .select({ accountId: accounts.id, months: sql<number | null>`min(${cr.everyMonths})` })
        .from(cr)
        .innerJoin(accounts, inAudience)
        .where(and(eq(cr.companyId, companyId), eq(cr.collectionId, collectionId)))
        .groupBy(accounts.id);
      return rows.map((r) => ({ accountId: r.accountId, months: r.months === null ? null : Number(r.months) }));
    },

    /** The shortest recurrence of the requirements of this path whose audience holds the person (null: none recurs). */
    async recurrenceFor(tx: Executor, accountId: number, collectionId: number): Promise<number | null> {
      const [row] = await tx
        .select({ months: sql<number | null>`min(${cr.everyMonths})` })
        .from(cr)
        .innerJoin(accounts, inAudience)
        .where(and(eq(cr.collectionId, collectionId), eq(accounts.id, accountId)));
      return row?.months === null || row?.months === undefined ? null : Number(row.months);
    },
  };
}
export type ComplianceRepo = ReturnType<typeof createComplianceRepo>;
