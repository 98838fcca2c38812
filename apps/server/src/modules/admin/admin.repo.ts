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
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { EventBus } from "../../lib/events.ts";
import type { AuditEntity } from "@learnward/contracts";
import { assertCoversAllocations, lockBudget } from "../budgeting/budgeting.locks.repo.ts";

type Entity = AuditEntity;
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createAdminRepo(db: Db, events: EventBus) {
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
    tx: Tx | Db,
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

    async createCompany(actorId: number, v: typeof companies.$inferInsert) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(companies).values(v).onConflictDoNothing().returning();
        if (!row) throw conflict("company_domain_taken", "A company with this domain already exists");
        await audit(tx, actorId, "company", row.id, "create", null, row);
        await events.emit(tx, "company.created", { actorId, companyId: row.id });
        return row;
      });
    },

    async updateCompany(actorId: number, id: number, patch: Partial<typeof companies.$inferInsert>, action = "update") {
      return db.transaction(async (tx) => {
        // Read once, locked, with the counts the answer shows (an edit or a suspension changes none of them).
        const [found] = await tx.select(companyColumns).from(companies).where(eq(companies.id, id)).for("update", { of: companies });
        if (!found) throw new AppError("company_not_found", 404, "Company not found");
        const before = found.c;
        if (patch.domain && patch.domain !== before.domain) {
          const [taken] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.domain, patch.domain));
          if (taken) throw conflict("company_domain_taken", "A company with this domain already exists");
        }
        const [row] = await tx.update(companies).set(patch).where(eq(companies.id, id)).returning();
        await audit(tx, actorId, "company", id, action, before, row);
        // Suspending a company ends its people's sessions at once.
        if (patch.status === "suspended") {
          await tx.delete(authSessions).where(inArray(authSessions.userId, tx.select({ uid: accounts.uid }).from(accounts).where(eq(accounts.companyId, id))));
        }
        return { ...found, c: row! };
      });
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

    async updateAccount(
      actorId: number,
      id: number,
      patch: { role?: typeof accounts.$inferInsert.role; companyId?: number | null; status?: "active" | "deactivated" },
      /** The new company, as read to check it (its name and domain are the answer's). */
      newCompany?: { name: string; domain: string } | null,
      /** The service's check of the change against the account as locked here; throws to refuse it. */
      admit?: (before: typeof accounts.$inferSelect) => void,
    ) {
      return db.transaction(async (tx) => {
        // Read once, locked, with the names the answer shows; the answer is this row as the write left it.
        const [found] = await accountSelect(tx).where(eq(accounts.id, id)).for("update", { of: accounts });
        if (!found) throw notFound("Account");
        const before = found.a;
        admit?.(before);
        const set: Partial<typeof accounts.$inferInsert> = { ...patch };
        // A new company means a new team there; and no team leadership is kept across companies.
        if (patch.companyId !== undefined && patch.companyId !== before.companyId) {
          set.teamId = null;
          // Usernames are unique per company: keep it if free there, else number it.
          const taken = new Set(
            (
              await tx
                .select({ u: accounts.username })
                .from(accounts)
                .where(
                  and(
                    patch.companyId === null ? sql`${accounts.companyId} is null` : eq(accounts.companyId, patch.companyId),
                    sql`${accounts.username} like ${before.username + "%"}`,
                  ),
                )
            ).map((r) => r.u),
          );
          let username = before.username;
          for (let i = 2; taken.has(username); i++) username = `${before.username}${i}`;
          set.username = username;
          await tx.update(teams).set({ leaderAccountId: null }).where(eq(teams.leaderAccountId, id));
        }
        if (patch.status === "deactivated") {
          set.teamId = null;
          await tx.update(teams).set({ leaderAccountId: null }).where(eq(teams.leaderAccountId, id));
          await tx.delete(authSessions).where(eq(authSessions.userId, before.uid));
        }
        const [row] = await tx.update(accounts).set(set).where(eq(accounts.id, id)).returning();
        await audit(
          tx,
          actorId,
          "account",
          id,
          patch.status === "deactivated" ? "deactivate" : patch.status === "active" ? "reactivate" : "update",
          before,
          row,
        );
        const moved = patch.companyId !== undefined && patch.companyId !== before.companyId;
        return {
          ...found,
          a: row!,
          ...(moved ? { companyName: newCompany?.name ?? null, companyDomain: newCompany?.domain ?? null } : {}),
          teamName: row!.teamId === null ? null : found.teamName,
        };
      });
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

    /** An operator's adjustment is a money change like the L&D leader's: same lock, same rule. */
    async adjustBudget(actorId: number, id: number, amountMinor: number, reason: string) {
      return db.transaction(async (tx) => {
        const before = await lockBudget(tx, id, "update");
        if (!before) throw notFound("Budget");
        await assertCoversAllocations(tx, id, amountMinor);
        const [row] = await tx.update(budgets).set({ amountMinor, updatedAt: new Date() }).where(eq(budgets.id, id)).returning();
        await audit(tx, actorId, "budget", id, "adjust", before, row, reason);
        return row!;
      });
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
