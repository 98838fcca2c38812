import { randomBytes } from "node:crypto";
import { hashSecret } from "../../lib/secret-hash.ts";
import { and, asc, count, desc, eq, gt, ilike, isNull, sql, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { asker, decider, namedAccounts } from "../../db/named-accounts.ts";
import { authUsers, companies, invitations, inviteRequests, removalRequests, teams } from "../../db/schema/index.ts";
import type { CompanyRole } from "@learnward/contracts";
import { type AuditEvent, recordAudit } from "../../lib/audit.ts";

export const INVITATION_DAYS = 7;

const inviter = namedAccounts("inviter");
const target = namedAccounts("target");

type Scope = { companyId: number; teamId?: number; status?: "pending" | "accepted" | "rejected"; sort: "asc" | "desc"; limit: number; offset: number };

export function createRequestsRepo(db: Db) {
  function scopeWhere(table: typeof inviteRequests | typeof removalRequests, s: Scope): SQL {
    const conds: SQL[] = [eq(table.companyId, s.companyId)];
    if (s.teamId !== undefined) conds.push(eq(table.teamId, s.teamId));
    if (s.status) conds.push(eq(table.status, s.status));
    return and(...conds)!;
  }

  /** One page of the scope's requests, by when they were filed (the newer id first among equals), and how many there are. */
  async function page<Q extends PgSelect>(table: typeof inviteRequests | typeof removalRequests, s: Scope, select: Q) {
    const where = scopeWhere(table, s);
    const order = s.sort === "asc" ? asc(table.createdAt) : desc(table.createdAt);
    const [rows, [total]] = await Promise.all([
      select.where(where).orderBy(order, desc(table.id)).limit(s.limit).offset(s.offset),
      db.select({ n: count() }).from(table).where(where),
    ]);
    return { rows, count: total?.n ?? 0 };
  }

  // Who filed a request and who decided it (null while it waits): both kinds of request show them.
  const askerAndDecider = { askerName: asker.name, askerEmail: asker.email, deciderName: decider.name, deciderEmail: decider.email };

  const inviteSelect = () =>
    db
      .select({
        r: inviteRequests,
        teamName: teams.name,
        ...askerAndDecider,
      })
      .from(inviteRequests)
      .innerJoin(teams, eq(teams.id, inviteRequests.teamId))
      .innerJoin(asker, eq(asker.id, inviteRequests.requestedBy))
      .leftJoin(decider, eq(decider.id, inviteRequests.decidedBy));

  const removalSelect = () =>
    db
      .select({
        r: removalRequests,
        teamName: teams.name,
        targetName: target.name,
        targetEmail: target.email,
        ...askerAndDecider,
      })
      .from(removalRequests)
      .innerJoin(teams, eq(teams.id, removalRequests.teamId))
      .innerJoin(target, eq(target.id, removalRequests.accountId))
      .innerJoin(asker, eq(asker.id, removalRequests.requestedBy))
      .leftJoin(decider, eq(decider.id, removalRequests.decidedBy));

  type InviteView = Awaited<ReturnType<typeof inviteSelect>>[number];
  type RemovalView = Awaited<ReturnType<typeof removalSelect>>[number];

  const invitationSelect = () =>
    db
      .select({ inv: invitations, companyName: companies.name, companyDomain: companies.domain, teamName: teams.name, inviterName: inviter.name })
      .from(invitations)
      .innerJoin(companies, eq(companies.id, invitations.companyId))
      .leftJoin(teams, eq(teams.id, invitations.teamId))
      .leftJoin(inviter, eq(inviter.id, invitations.invitedBy));

  return {
    listInvites: (s: Scope) => page(inviteRequests, s, inviteSelect().$dynamic()),

    async invite(companyId: number, id: number) {
      const [row] = await inviteSelect().where(and(eq(inviteRequests.id, id), eq(inviteRequests.companyId, companyId)));
      return row;
    },

    /** Files an invite request and answers its finished view from the same transaction (no re-read). */
    async insertInvite(tx: Tx, v: typeof inviteRequests.$inferInsert & { requestedBy: number }): Promise<InviteView> {
      const [row] = await tx.insert(inviteRequests).values(v).returning();
      // A new request has no decider yet: only the team's and the asker's names are looked up.
      const [names] = await tx
        .select({ teamName: teams.name, askerName: asker.name, askerEmail: asker.email })
        .from(teams)
        .innerJoin(asker, eq(asker.id, row!.requestedBy))
        .where(eq(teams.id, row!.teamId));
      return { r: row!, ...names!, deciderName: null, deciderEmail: null };
    },

    listRemovals: (s: Scope) => page(removalRequests, s, removalSelect().$dynamic()),

    async removal(companyId: number, id: number) {
      const [row] = await removalSelect().where(and(eq(removalRequests.id, id), eq(removalRequests.companyId, companyId)));
      return row;
    },

    async pendingRemovalFor(accountId: number) {
      const [row] = await db
        .select({ id: removalRequests.id })
        .from(removalRequests)
        .where(and(eq(removalRequests.accountId, accountId), eq(removalRequests.status, "pending")));
      return row;
    },

    /** Files a removal request and answers its finished view from the same transaction (no re-read). */
    async insertRemoval(tx: Tx, v: typeof removalRequests.$inferInsert): Promise<RemovalView> {
      const [row] = await tx.insert(removalRequests).values(v).returning();
      // A new request has no decider yet: only the team's, the person's and the asker's names are looked up.
      const [names] = await tx
        .select({ teamName: teams.name, targetName: target.name, targetEmail: target.email, askerName: asker.name, askerEmail: asker.email })
        .from(teams)
        .innerJoin(target, eq(target.id, row!.accountId))
        .innerJoin(asker, eq(asker.id, row!.requestedBy))
        .where(eq(teams.id, row!.teamId));
      return { r: row!, ...names!, deciderName: null, deciderEmail: null };
    },

    /**
     * Moves a pending invite request to its decision. Only one caller can move it out of `pending`:
     * the others get undefined.
     */
    async markInviteDecided(tx: Tx, companyId: number, id: number, deciderId: number, accept: boolean, reason: string | undefined) {
      const [won] = await tx
        .update(inviteRequests)
        .set({ status: accept ? "accepted" : "rejected", decidedBy: deciderId, decidedAt: new Date(), ...(reason ? { reason } : {}) })
        .where(and(eq(inviteRequests.id, id), eq(inviteRequests.companyId, companyId), eq(inviteRequests.status, "pending")))
        .returning();
      return won;
    },

    /** The invitation an accepted invite request made. */
    async linkInvitation(tx: Tx, id: number, invitationId: number) {
      await tx.update(inviteRequests).set({ invitationId }).where(eq(inviteRequests.id, id));
    },

    /** Moves a pending removal request to its decision; undefined when it was no longer pending. */
    async markRemovalDecided(tx: Tx, companyId: number, id: number, deciderId: number, accept: boolean, reason: string | undefined) {
      const [won] = await tx
        .update(removalRequests)
        .set({ status: accept ? "accepted" : "rejected", decidedBy: deciderId, decidedAt: new Date(), decisionReason: reason ?? null })
        .where(and(eq(removalRequests.id, id), eq(removalRequests.companyId, companyId), eq(removalRequests.status, "pending")))
        .returning();
      return won;
    },

    /**
     * A new invitation (an earlier pending one to the same address in this company is revoked),
     * audited; `action` names it in the audit trail: a new invitation, or a fresh link for an earlier one.
     */
    insertInvitation: (
      tx: Tx,
      v: { companyId: number; email: string; role: CompanyRole; teamId: number | null; invitedBy: number; expiresAt: Date },
      action: "create" | "resend" = "create",
    ) => createInvitationTx(tx, v, action),

    async invitationByToken(token: string) {
      const [row] = await db
        .select({
          inv: invitations,
          companyName: companies.name,
          companyDomain: companies.domain,
          companyStatus: companies.status,
          teamName: teams.name,
          inviterName: inviter.name,
          inviterLocale: inviter.locale,
        })
        .from(invitations)
        .innerJoin(companies, eq(companies.id, invitations.companyId))
        .leftJoin(teams, eq(teams.id, invitations.teamId))
        .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
        .where(eq(invitations.tokenHash, hashSecret(token)));
      return row;
    },

    /** Invitations still open at `at` (not accepted, revoked or, unless asked, expired), newest first: one company's, or every company's. */
    async openInvitations(f: { companyId?: number; search?: string; includeExpired?: boolean }, limit: number, offset: number, at: Date) {
      const conds: SQL[] = [isNull(invitations.acceptedAt), isNull(invitations.revokedAt)];
      if (!f.includeExpired) conds.push(gt(invitations.expiresAt, at));
      if (f.companyId !== undefined) conds.push(eq(invitations.companyId, f.companyId));
      if (f.search) conds.push(ilike(invitations.email, `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
      const where = and(...conds);
      const [rows, [total]] = await Promise.all([
        invitationSelect().where(where).orderBy(desc(invitations.createdAt), desc(invitations.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(invitations).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    async invitationById(id: number) {
      const [row] = await invitationSelect().where(eq(invitations.id, id));
      return row;
    },

    /** Voids an open invitation's link; answers it when this call revoked it. */
    async markRevoked(tx: Tx, id: number) {
      const [row] = await tx
        .update(invitations)
        .set({ revokedAt: new Date() })
        .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
        .returning();
      return row;
    },

    audit: (tx: Tx, e: AuditEvent) => recordAudit(tx, e),

    /** Other companies' pending invitations for the same address give way to the one accepted. */
    async revokeOtherInvitations(email: string, keepId: number) {
      await db
        .update(invitations)
        .set({ revokedAt: new Date() })
        .where(and(eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), sql`${invitations.id} <> ${keepId}`));
    },

    /**
     * Whether someone who proved the address has an account with it; an unproven registration holds
     * nothing (an invitation's link takes it over). `on`: a transaction under way, when the check is part of it.
     */
    async emailRegistered(email: string, on: Db = db) {
      const [row] = await on
        .select({ id: authUsers.id })
        .from(authUsers)
        .where(and(eq(authUsers.email, email), eq(authUsers.emailVerified, true)));
      return Boolean(row);
    },

    /** Whether this company has an invitation to this address still pending at `at`. */
    async pendingInvitationExists(companyId: number, email: string, at: Date) {
      const [row] = await db
        .select({ id: invitations.id })
        .from(invitations)
        .where(
          and(
            eq(invitations.companyId, companyId),
            eq(invitations.email, email),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gt(invitations.expiresAt, at),
          ),
        );
      return Boolean(row);
    },
  };
}
export type RequestsRepo = ReturnType<typeof createRequestsRepo>;

async function createInvitationTx(
  tx: Tx,
  v: { companyId: number; email: string; role: CompanyRole; teamId: number | null; invitedBy: number; expiresAt: Date },
  action: "create" | "resend" = "create",
) {
  const token = randomBytes(32).toString("base64url");
  // A new invitation replaces an earlier pending one to the same address in this company.
  await tx
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(invitations.companyId, v.companyId), eq(invitations.email, v.email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
  const [row] = await tx
    .insert(invitations)
    .values({ ...v, tokenHash: hashSecret(token) })
    .returning({ id: invitations.id });
  await recordAudit(tx, {
    actorId: v.invitedBy,
    companyId: v.companyId,
    entity: "invitation",
    entityId: row!.id,
    action,
    after: { email: v.email, role: v.role, team_id: v.teamId, company_id: v.companyId },
  });
  return { id: row!.id, token };
}
export type InviteRequestRow = NonNullable<Awaited<ReturnType<RequestsRepo["invite"]>>>;
export type RemovalRequestRow = NonNullable<Awaited<ReturnType<RequestsRepo["removal"]>>>;
export type InvitationFound = NonNullable<Awaited<ReturnType<RequestsRepo["invitationByToken"]>>>;
export type InvitationOpen = NonNullable<Awaited<ReturnType<RequestsRepo["invitationById"]>>>;
