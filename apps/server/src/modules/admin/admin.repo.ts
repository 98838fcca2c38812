import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { qualified } from "../../db/sql.ts";
import {
  accounts,
  adminAudit,
  authSessions,
  authUsers,
  budgetAllocations,
  budgets,
  companies,
  purchaseRequests,
  signInEvents,
  teams,
  userContents,
} from "../../db/schema/index.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { Executor } from "../../lib/events.ts";
import type { AuditEntity } from "@learnward/contracts";
import { lockBudget } from "../budgeting/index.ts";

type Entity = AuditEntity;
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createAdminRepo(db: Db) {
  // The company an operator's action concerns, read from its snapshots (a company's own id, or company_id).
  const companyOf = (entity: Entity, entityId: number, ...snapshots: unknown[]) => {
    if (entity === "company") return entityId;
    for (const s of snapshots) {
      const id = (s as { companyId?: unknown; company_id?: unknown } | null)?.companyId ?? (s as { company_id?: unknown } | null)?.company_id;
      if (typeof id === "number") return id;
    }
    return null;
  };
  const audit = (
    tx: Executor,
    actorId: number,
    entity: Entity,
    entityId: number,
    action: string,
    before: unknown,
    after: unknown,
    reason: string | null = null,
  ) => recordAudit(tx, { actorId, companyId: companyOf(entity, entityId, after, before), entity, entityId, action, before, after, reason });

  // Qualified (db/sql.ts): in a one-table select Drizzle writes a bare "id", ambiguous in the subqueries.
  const company = qualified(companies.id);
  const companyColumns = {
    c: companies,
    people: sql<number>`(select count(*)::int from ${accounts} where ${qualified(accounts.companyId)} = ${company})`,
    active30: sql<number>`(select count(distinct ${qualified(accounts.id)})::int from ${accounts} join ${signInEvents} on ${qualified(signInEvents.userId)} = ${qualified(accounts.uid)}
      where ${qualified(accounts.companyId)} = ${company} and ${qualified(signInEvents.createdAt)} > now() - interval '30 days')`,
    saves30: sql<number>`(select count(*)::int from ${userContents} join ${accounts} on ${qualified(accounts.id)} = ${qualified(userContents.accountId)}
      where ${qualified(accounts.companyId)} = ${company} and ${qualified(userContents.createdAt)} > now() - interval '30 days')`,
  };

  /** Accounts with their names, company, team and last sign-in (what an operator's list shows). */
  const accountSelect = (on: Tx | Db) =>
    on
      .select({
        a: accounts,
        name: authUsers.name,
        email: authUsers.email,
        companyName: companies.name,
        companyDomain: companies.domain,
        teamName: teams.name,
        lastSignIn: sql<string | null>`(select max(s.created_at)::text from ${signInEvents} s where s.user_id = ${accounts.uid})`,
      })
      .from(accounts)
      .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
      .leftJoin(companies, eq(companies.id, accounts.companyId))
      .leftJoin(teams, eq(teams.id, accounts.teamId));

  return {
    /** The money order's budget lock and rule (budgeting.locks.repo.ts): an operator's adjustment is a money change too. */
    lockBudget,

    /** One line of the operators' audit trail, in the transaction of the change it records. */
    recordAudit: audit,

    async companies(f: { search?: string; status: "all" | "active" | "suspended" }, limit: number, offset: number) {
      const conds: SQL[] = [];
      if (f.search) conds.push(or(ilike(companies.name, like(f.search)), ilike(companies.domain, like(f.search)))!);
      if (f.status !== "all") conds.push(eq(companies.status, f.status));
      const where = conds.length ? and(...conds) : undefined;
      const [rows, [total]] = await Promise.all([
        db.select(companyColumns).from(companies).where(where).orderBy(asc(companies.name)).limit(limit).offset(offset),
        db.select({ n: count() }).from(companies).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    async company(id: number) {
      const [row] = await db.select(companyColumns).from(companies).where(eq(companies.id, id));
      return row;
    },

    /** A new company, or undefined when its domain is taken. */
    async insertCompany(tx: Executor, v: typeof companies.$inferInsert) {
      const [row] = await tx.insert(companies).values(v).onConflictDoNothing().returning();
      return row;
    },

    /** A company locked FOR UPDATE, with the counts the answer shows. */
    async lockCompany(tx: Tx, id: number) {
      const [found] = await tx.select(companyColumns).from(companies).where(eq(companies.id, id)).for("update", { of: companies });
      return found;
    },

    async companyIdByDomain(tx: Executor, domain: string) {
      const [taken] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.domain, domain));
      return taken?.id;
    },

    async updateCompany(tx: Executor, id: number, patch: Partial<typeof companies.$inferInsert>) {
      const [row] = await tx.update(companies).set(patch).where(eq(companies.id, id)).returning();
      return row!;
    },

    /** Ends the sessions of every person of a company. */
    async endCompanySessions(tx: Executor, companyId: number) {
      await tx
        .delete(authSessions)
        .where(inArray(authSessions.userId, tx.select({ uid: accounts.uid }).from(accounts).where(eq(accounts.companyId, companyId))));
    },

    async accounts(f: { id?: number; search?: string; companyId?: number; role?: string; status: string }, limit: number, offset: number) {
      const conds: SQL[] = [];
      if (f.id !== undefined) conds.push(eq(accounts.id, f.id));
      if (f.search) conds.push(or(ilike(authUsers.name, like(f.search)), ilike(authUsers.email, like(f.search)))!);
      if (f.companyId !== undefined) conds.push(eq(accounts.companyId, f.companyId));
      if (f.role) conds.push(sql`${accounts.role} = ${f.role}`);
      if (f.status !== "all") conds.push(sql`${accounts.status} = ${f.status}`);
      const where = conds.length ? and(...conds) : undefined;
      const base = accountSelect(db);
      const [rows, [total]] = await Promise.all([
        base.where(where).orderBy(asc(authUsers.email)).limit(limit).offset(offset),
        db.select({ n: count() }).from(accounts).innerJoin(authUsers, eq(authUsers.id, accounts.uid)).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    /** An account locked FOR UPDATE, with the names an operator's list shows. */
    async lockAccount(tx: Tx, id: number) {
      const [found] = await accountSelect(tx).where(eq(accounts.id, id)).for("update", { of: accounts });
      return found;
    },

    /** The usernames in a company (or among those in none) that start with `prefix`. */
    async usernamesLike(tx: Executor, companyId: number | null, prefix: string) {
      const rows = await tx
        .select({ u: accounts.username })
        .from(accounts)
        .where(
          and(companyId === null ? sql`${accounts.companyId} is null` : eq(accounts.companyId, companyId), sql`${accounts.username} like ${prefix + "%"}`),
        );
      return rows.map((r) => r.u);
    },

    /** The account leads no team any more. */
    async dropTeamLeadership(tx: Executor, accountId: number) {
      await tx.update(teams).set({ leaderAccountId: null }).where(eq(teams.leaderAccountId, accountId));
    },

    async endSessions(tx: Executor, uid: string) {
      await tx.delete(authSessions).where(eq(authSessions.userId, uid));
    },

    async updateAccount(tx: Executor, id: number, set: Partial<typeof accounts.$inferInsert>) {
      const [row] = await tx.update(accounts).set(set).where(eq(accounts.id, id)).returning();
      return row!;
    },

    async signIns(accountId: number, limit: number) {
      return db
        .select({ at: signInEvents.createdAt, ip: signInEvents.ipAddress, ua: signInEvents.userAgent })
        .from(signInEvents)
        .innerJoin(accounts, eq(accounts.uid, signInEvents.userId))
        .where(eq(accounts.id, accountId))
        .orderBy(desc(signInEvents.id))
        .limit(limit);
    },

    async budgets(companyId: number | undefined, limit: number, offset: number) {
      const where = companyId !== undefined ? eq(budgets.companyId, companyId) : undefined;
      const held = (status: string) =>
        sql<number>`coalesce((select sum(${qualified(purchaseRequests.priceMinor)}) from ${purchaseRequests} join ${budgetAllocations} on ${qualified(budgetAllocations.id)} = ${qualified(purchaseRequests.allocationId)}
          where ${qualified(budgetAllocations.budgetId)} = ${qualified(budgets.id)} and ${qualified(purchaseRequests.status)} = ${status}), 0)::bigint`;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            b: budgets,
            companyName: companies.name,
            allocated: sql<number>`coalesce((select sum(${qualified(budgetAllocations.amountMinor)}) from ${budgetAllocations} where ${qualified(budgetAllocations.budgetId)} = ${qualified(budgets.id)}), 0)::bigint`,
            reserved: held("approved"),
            paid: held("paid"),
          })
          .from(budgets)
          .innerJoin(companies, eq(companies.id, budgets.companyId))
          .where(where)
          .orderBy(asc(companies.name), desc(budgets.periodStart))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(budgets).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    async setBudgetAmount(tx: Executor, id: number, amountMinor: number) {
      const [row] = await tx.update(budgets).set({ amountMinor, updatedAt: new Date() }).where(eq(budgets.id, id)).returning();
      return row!;
    },

    /** Company names by id, for the ids asked that exist. */
    async companyNames(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, ids));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async auditLog(f: { entity?: Entity; entityId?: number; companyId?: number }, limit: number, offset: number) {
      const conds: SQL[] = [];
      if (f.companyId !== undefined) conds.push(eq(adminAudit.companyId, f.companyId));
      if (f.entity) conds.push(eq(adminAudit.entity, f.entity));
      if (f.entityId !== undefined) conds.push(eq(adminAudit.entityId, f.entityId));
      const where = conds.length ? and(...conds) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ e: adminAudit, actorName: authUsers.name })
          .from(adminAudit)
          .leftJoin(accounts, eq(accounts.id, adminAudit.actorId))
          .leftJoin(authUsers, eq(authUsers.id, accounts.uid))
          .where(where)
          .orderBy(desc(adminAudit.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(adminAudit).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },
  };
}
export type AdminRepo = ReturnType<typeof createAdminRepo>;
