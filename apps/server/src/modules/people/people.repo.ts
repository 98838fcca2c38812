import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { recordAudit } from "../../lib/audit.ts";
import { accounts, authSessions, authUsers, teams } from "../../db/schema/index.ts";
import type { Role } from "@learnward/contracts";

const employeeColumns = {
  id: accounts.id,
  uid: accounts.uid,
  companyId: accounts.companyId,
  teamId: accounts.teamId,
  role: accounts.role,
  status: accounts.status,
  username: accounts.username,
  createdAt: accounts.createdAt,
  name: authUsers.name,
  email: authUsers.email,
  image: authUsers.image,
  teamName: teams.name,
};
const selectEmployees = (db: Db) =>
  db.select(employeeColumns).from(accounts).innerJoin(authUsers, eq(authUsers.id, accounts.uid)).leftJoin(teams, eq(teams.id, accounts.teamId));
export type EmployeeRow = Awaited<ReturnType<typeof selectEmployees>>[number];

export interface EmployeeFilter {
  companyId: number;
  teamId?: number;
  role?: Role;
  status: "active" | "deactivated" | "all";
  search?: string;
  ordering: "name" | "email" | "created_at" | "role";
  sort: "asc" | "desc";
  limit: number;
  offset: number;
}

/** Deactivation keeps the account and its history, frees its team seat, ends its sessions and is audited. */
export async function deactivateAccount(
  tx: Tx,
  id: number,
  /** null when no account acted (a directory through its SCIM token, named in `reason`). */
  actorId: number | null,
  reason: string | null = null,
  known?: Parameters<typeof auditedAccount>[0],
): Promise<typeof accounts.$inferSelect | undefined> {
  const [before] = known ? [known] : await tx.select().from(accounts).where(eq(accounts.id, id));
  const [acc] = await tx.update(accounts).set({ status: "deactivated", teamId: null }).where(eq(accounts.id, id)).returning();
  await tx.update(teams).set({ leaderAccountId: null }).where(eq(teams.leaderAccountId, id));
  if (!acc || !before) return acc;
  await tx.delete(authSessions).where(eq(authSessions.userId, acc.uid));
  await recordAudit(tx, {
    actorId,
    companyId: acc.companyId,
    entity: "account",
    entityId: id,
    action: "deactivate",
    before: auditedAccount(before),
    after: auditedAccount(acc),
    reason,
  });
  return acc;
}

/** Reactivation gives the account its sign-in back (no team, no sessions: it starts afresh), audited. */
export async function reactivateAccount(tx: Tx, id: number, actorId: number | null, reason: string | null = null) {
  const [acc] = await tx
    .update(accounts)
    .set({ status: "active" })
    .where(and(eq(accounts.id, id), eq(accounts.status, "deactivated")))
    .returning();
  if (!acc) return undefined;
  await recordAudit(tx, {
    actorId,
    companyId: acc.companyId,
    entity: "account",
    entityId: id,
    action: "reactivate",
    before: { status: "deactivated" },
    after: { status: "active" },
    reason,
  });
  return acc;
}

/**
 * Takes a person off a team (an accepted removal request): the account stays active and keeps its
 * sessions; only its seat in that team is freed, and it is audited as such. Someone hr
 * moved elsewhere meanwhile stays where hr put them.
 */
export async function removeFromTeam(tx: Tx, id: number, teamId: number, actorId: number, reason: string | null = null) {
  const [before] = await tx.select().from(accounts).where(eq(accounts.id, id));
  if (!before || before.teamId !== teamId) return;
  const [acc] = await tx.update(accounts).set({ teamId: null }).where(eq(accounts.id, id)).returning();
  await tx
    .update(teams)
    .set({ leaderAccountId: null })
    .where(and(eq(teams.id, teamId), eq(teams.leaderAccountId, id)));
  await recordAudit(tx, {
    actorId,
    companyId: before.companyId,
    entity: "account",
    entityId: id,
    action: "remove_from_team",
    before: auditedAccount(before),
    after: auditedAccount(acc!),
    reason,
  });
}

/** The fields of an account the audit trail shows. */
const auditedAccount = (a: Pick<typeof accounts.$inferSelect, "username" | "role" | "status" | "teamId" | "companyId">) => ({
  username: a.username,
  role: a.role,
  status: a.status,
  team_id: a.teamId,
  company_id: a.companyId,
});

export const uniqueViolation = (e: unknown): boolean =>
  typeof e === "object" && e !== null && ((e as { code?: unknown }).code === "23505" || uniqueViolation((e as { cause?: unknown }).cause));

/**
 * Who changes a team without an account of their own (a company's directory through its SCIM
 * token): the audit entry names them in `reason`.
 */
export interface SystemActor {
  actorId: null;
  reason: string;
}
export const auditTeam = (tx: Tx, by: SystemActor, companyId: number, teamId: number, action: string, change: { before?: unknown; after?: unknown }) =>
  recordAudit(tx, { actorId: by.actorId, companyId, entity: "team", entityId: teamId, action, reason: by.reason, ...change });

/** The leader joins the team; a member made leader becomes a team leader. */
async function setLeaderTx(tx: Tx, teamId: number, leaderId: number | null) {
  await tx.update(teams).set({ leaderAccountId: leaderId }).where(eq(teams.id, teamId));
  if (leaderId !== null) {
    await tx
      .update(teams)
      .set({ leaderAccountId: null })
      .where(and(eq(teams.leaderAccountId, leaderId), sql`${teams.id} <> ${teamId}`));
    await tx
      .update(accounts)
      .set({ teamId, role: sql`case when ${accounts.role} = 'member' then 'teamleader' else ${accounts.role} end` })
      .where(eq(accounts.id, leaderId));
  }
}

export function createPeopleRepo(db: Db) {
  const employees = () => selectEmployees(db);
  /** Teams with their leader's name and email and their active head count. */
  const teamSelect = () => {
    const leader = db
      .select({ id: accounts.id, name: authUsers.name, email: authUsers.email })
      .from(accounts)
      .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
      .as("leader");
    return db
      .select({
        team: teams,
        leader: { id: leader.id, name: leader.name, email: leader.email },
        members: sql<number>`(select count(*)::int from ${accounts} where ${accounts.teamId} = ${teams.id} and ${accounts.status} = 'active')`,
      })
      .from(teams)
      .leftJoin(leader, eq(leader.id, teams.leaderAccountId));
  };

  return {
    async employee(companyId: number, id: number) {
      const [row] = await employees()
        .where(and(eq(accounts.id, id), eq(accounts.companyId, companyId)))
        .limit(1);
      return row;
    },

    async employees(f: EmployeeFilter) {
      const conds: SQL[] = [eq(accounts.companyId, f.companyId)];
      if (f.teamId !== undefined) conds.push(eq(accounts.teamId, f.teamId));
      if (f.role) conds.push(eq(accounts.role, f.role));
      if (f.status !== "all") conds.push(eq(accounts.status, f.status));
      if (f.search) {
        const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conds.push(or(ilike(authUsers.name, like), ilike(authUsers.email, like), ilike(accounts.username, like))!);
      }
      const column = { name: authUsers.name, email: authUsers.email, created_at: accounts.createdAt, role: accounts.role }[f.ordering];
      const where = and(...conds);
      const [rows, [total]] = await Promise.all([
        employees()
          .where(where)
          .orderBy(f.sort === "asc" ? asc(column) : desc(column), asc(accounts.id))
          .limit(f.limit)
          .offset(f.offset),
        db.select({ n: count() }).from(accounts).innerJoin(authUsers, eq(authUsers.id, accounts.uid)).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    /**
     * hr's change of a person (`before`, as read for the checks): a new role, a new team (`team`, as
     * read to check it), deactivation; answering the changed person from the writes (no read again).
     */
    async updateEmployee(
      tx: Tx,
      /** null when no account acted (single sign-on placing a new person by their groups, named in `reason`). */
      actorId: number | null,
      before: EmployeeRow,
      change: { role?: Role; team?: { id: number; name: string } | null; deactivate?: boolean; reason?: string },
    ): Promise<EmployeeRow> {
      let now: typeof accounts.$inferSelect | undefined;
      let teamName = before.teamName;
      if (change.role !== undefined) {
        [now] = await tx.update(accounts).set({ role: change.role }).where(eq(accounts.id, before.id)).returning();
        if (now && before.role !== change.role) {
          await recordAudit(tx, {
            actorId,
            companyId: now.companyId,
            entity: "account",
            entityId: before.id,
            action: "update",
            before: auditedAccount(before),
            after: auditedAccount(now),
            reason: change.reason ?? null,
          });
        }
      }
      if (change.team !== undefined) {
        const teamId = change.team?.id ?? null;
        // Leaving a team gives up its leadership.
        await tx
          .update(teams)
          .set({ leaderAccountId: null })
          .where(and(eq(teams.leaderAccountId, before.id), teamId === null ? sql`true` : sql`${teams.id} <> ${teamId}`));
        [now] = await tx.update(accounts).set({ teamId }).where(eq(accounts.id, before.id)).returning();
        teamName = change.team?.name ?? null;
      }
      if (change.deactivate) {
        now = await deactivateAccount(tx, before.id, actorId, change.reason ?? null, now ?? before);
        teamName = null;
      }
      if (!now) return before;
      return { ...before, role: now.role, status: now.status, teamId: now.teamId, teamName: now.teamId === null ? null : teamName };
    },

    async teams(companyId: number, search: string | undefined, limit: number, offset: number, onlyIds?: number[]) {
      const conds: SQL[] = [eq(teams.companyId, companyId)];
      if (search) conds.push(ilike(teams.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
      if (onlyIds) conds.push(onlyIds.length ? inArray(teams.id, onlyIds) : sql`false`);
      const where = and(...conds);
      const [rows, [total]] = await Promise.all([
        teamSelect().where(where).orderBy(asc(teams.name), asc(teams.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(teams).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    /** One team of the company with its leader and head count (one statement, no page count). */
    async team(companyId: number, id: number) {
      const [row] = await teamSelect().where(and(eq(teams.companyId, companyId), eq(teams.id, id)));
      return row;
    },

    async teamByName(companyId: number, name: string) {
      const [row] = await db
        .select()
        .from(teams)
        .where(and(eq(teams.companyId, companyId), sql`lower(${teams.name}) = lower(${name})`));
      return row;
    },

    /**
     * A new team, and its leader if named; undefined when the name is taken. A system actor's team
     * is audited in its name (its `team.created` is the caller's).
     */
    async insertTeam(tx: Tx, companyId: number, name: string, by: number | SystemActor, leaderId?: number | null) {
      const [row] = await tx.insert(teams).values({ companyId, name }).onConflictDoNothing().returning();
      if (!row) return row;
      if (leaderId) await setLeaderTx(tx, row.id, leaderId);
      if (typeof by !== "number") await auditTeam(tx, by, companyId, row.id, "create", { after: { name } });
      return row;
    },

    /**
     * A new name and/or leader for a team of the company: "not_found" when the company has no such
     * team. A name another team took meanwhile fails the statement as a unique violation.
     */
    async changeTeam(tx: Tx, companyId: number, id: number, change: { name?: string; leaderId?: number | null }) {
      const [row] = await tx
        .update(teams)
        .set(change.name !== undefined ? { name: change.name } : { companyId })
        .where(and(eq(teams.id, id), eq(teams.companyId, companyId)))
        .returning({ id: teams.id });
      if (!row) return "not_found" as const;
      if (change.leaderId !== undefined) await setLeaderTx(tx, id, change.leaderId);
      return "changed" as const;
    },

    /** Only an empty team can be deleted; the check and the delete are one statement. */
    async deleteEmptyTeam(id: number) {
      const rows = await db
        .delete(teams)
        .where(and(eq(teams.id, id), sql`not exists (select 1 from ${accounts} where ${accounts.teamId} = ${teams.id})`))
        .returning({ id: teams.id });
      return rows.length > 0;
    },
  };
}
export type PeopleRepo = ReturnType<typeof createPeopleRepo>;
export type TeamRow = NonNullable<Awaited<ReturnType<PeopleRepo["team"]>>>;
