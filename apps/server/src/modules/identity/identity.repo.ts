import { and, eq, getTableColumns, gt, inArray, isNull, like, lt, ne, sql } from "drizzle-orm";
import type { Role } from "@learnward/contracts";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { type AuditEvent, recordAudit } from "../../lib/audit.ts";
import type { Executor } from "../../lib/events.ts";
import { accounts, authSessions, authUsers, authVerifications, companies, invitations, teams } from "../../db/schema/index.ts";

export type CompanyRow = typeof companies.$inferSelect;

export const accountColumns = {
  id: accounts.id,
  uid: accounts.uid,
  role: accounts.role,
  status: accounts.status,
  username: accounts.username,
  locale: accounts.locale,
  companyId: accounts.companyId,
  createdAt: accounts.createdAt,
  email: authUsers.email,
  name: authUsers.name,
  image: authUsers.image,
  companyDomain: companies.domain,
  companyStatus: companies.status,
  companyRequiresTwoFactor: companies.requireTwoFactor,
  twoFactorEnabled: authUsers.twoFactorEnabled,
  teamId: teams.id,
  teamName: teams.name,
};

export type AccountRow = Awaited<ReturnType<typeof selectAccounts>>[number];

/** Accounts with their user, company and team; `extra` adds columns of those tables to each row. */
function selectAccounts<Extra extends SelectedFields = Record<never, never>>(db: Db, extra = {} as Extra) {
  return db
    .select({ ...accountColumns, ...extra })
    .from(accounts)
    .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
    .leftJoin(companies, eq(companies.id, accounts.companyId))
    .leftJoin(teams, eq(teams.id, accounts.teamId));
}

export type AccountInput = { uid: string; email: string; companyId: number | null; teamId: number | null; role: Role; invitationId?: number };

/** A company account for a login user, with a username free in the company; in the caller's transaction. */
export async function insertAccount(tx: Tx, input: AccountInput) {
  const base = usernameBase(input.email);
  // Usernames are unique per company: acme's "ana" and globex's "ana" may coexist.
  const taken = await tx
    .select({ username: accounts.username })
    .from(accounts)
    .where(and(input.companyId === null ? isNull(accounts.companyId) : eq(accounts.companyId, input.companyId), sql`${accounts.username} like ${base + "%"}`));
  const names = new Set(taken.map((t) => t.username));
  let username = base;
  for (let i = 2; names.has(username); i++) username = `${base}${i}`;
  const [row] = await tx
    .insert(accounts)
    .values({ uid: input.uid, companyId: input.companyId, teamId: input.teamId, role: input.role, username })
    .returning({ id: accounts.id });
  if (input.invitationId !== undefined) {
    await tx.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, input.invitationId));
    await recordAudit(tx, {
      actorId: row!.id,
      companyId: input.companyId,
      entity: "invitation",
      entityId: input.invitationId,
      action: "accept",
      after: { email: input.email, role: input.role, team_id: input.teamId, company_id: input.companyId },
    });
  }
  return row;
}

/**
 * A login user a company's directory provisions: its address is the one the directory
 * vouches for, so it counts as verified. In the caller's transaction, with its account.
 */
export async function insertLoginUser(tx: Tx, u: { uid: string; name: string; email: string }) {
  await tx.insert(authUsers).values({ id: u.uid, name: u.name, email: u.email, emailVerified: true });
}

/** A login user's name as a directory states it. */
export async function renameLoginUser(tx: Tx, uid: string, name: string) {
  await tx.update(authUsers).set({ name, updatedAt: new Date() }).where(eq(authUsers.id, uid));
}

export function createIdentityRepo(db: Db) {
  const meStatement = selectAccounts(db, { company: getTableColumns(companies) })
    .where(eq(accounts.uid, sql.placeholder("uid")))
    .limit(1)
    .prepare("identity_me");
  // The session's account with its whole company: /api/me answers from this row.
  const liveSessionStatement = db
    .select({ ...accountColumns, company: getTableColumns(companies) })
    .from(authSessions)
    .innerJoin(accounts, eq(accounts.uid, authSessions.userId))
    .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
    .leftJoin(companies, eq(companies.id, accounts.companyId))
    .leftJoin(teams, eq(teams.id, accounts.teamId))
    .where(and(eq(authSessions.token, sql.placeholder("token")), gt(authSessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare("identity_live_session");
  return {
    /**
     * The account behind a session that still exists and has not expired, with its company (every
     * request asks): the same answer as me(uid), read together with the session.
     */
    async liveSession(token: string): Promise<{ account: AccountRow; company: CompanyRow | null } | undefined> {
      const [row] = await liveSessionStatement.execute({ token });
      if (!row) return undefined;
      const { company, ...account } = row;
      return { account, company };
    },

    /** /api/me, on every page load: the account and its company in one prepared statement. */
    async me(uid: string): Promise<{ account: AccountRow; company: CompanyRow | null } | undefined> {
      const [row] = await meStatement.execute({ uid });
      if (!row) return undefined;
      const { company, ...account } = row;
      return { account, company };
    },

    async accountByEmail(email: string): Promise<AccountRow | undefined> {
      const [row] = await selectAccounts(db).where(eq(authUsers.email, email.trim().toLowerCase())).limit(1);
      return row;
    },

    /** A security event of signing in (failed attempts, two-factor changes) for the audit trail. */
    audit: (e: AuditEvent) => recordAudit(db, e),

    async accountByUid(uid: string): Promise<AccountRow | undefined> {
      const [row] = await selectAccounts(db).where(eq(accounts.uid, uid)).limit(1);
      return row;
    },

    async companyByDomain(domain: string): Promise<CompanyRow | undefined> {
      const [row] = await db.select().from(companies).where(eq(companies.domain, domain)).limit(1);
      return row;
    },

    async companyById(id: number): Promise<CompanyRow | undefined> {
      const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
      return row;
    },

    /** An invitation still waiting for its link to be used at `at` (the caller proved it holds the token). */
    async pendingInvitationById(id: number, at: Date) {
      const [row] = await db
        .select()
        .from(invitations)
        .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, at)))
        .limit(1);
      return row;
    },

    /** Whether this user's address is proven (undefined: no such user). */
    async addressProven(uid: string): Promise<boolean | undefined> {
      const [row] = await db.select({ verified: authUsers.emailVerified }).from(authUsers).where(eq(authUsers.id, uid)).limit(1);
      return row?.verified;
    },

    async markAddressProven(uid: string) {
      await db.update(authUsers).set({ emailVerified: true, updatedAt: new Date() }).where(eq(authUsers.id, uid));
    },

    /** The user a set-password link (better-auth's reset token) belongs to. */
    async uidOfResetToken(token: string): Promise<string | undefined> {
      const [row] = await db
        .select({ uid: authVerifications.value })
        .from(authVerifications)
        .where(eq(authVerifications.identifier, `reset-password:${token}`))
        .limit(1);
      return row?.uid;
    },

    /**
     * Deletes the users of this address or id whose address was never proven (created before
     * `createdBefore` when given); their password, sessions and company account go with them.
     * Answers the ids that went.
     */
    async deleteUnproven(tx: Executor, who: { email: string } | { uid: string }, createdBefore?: Date): Promise<string[]> {
      const gone = await tx
        .delete(authUsers)
        .where(
          and(
            "email" in who ? eq(authUsers.email, who.email.trim().toLowerCase()) : eq(authUsers.id, who.uid),
            eq(authUsers.emailVerified, false),
            createdBefore ? lt(authUsers.createdAt, createdBefore) : undefined,
          ),
        )
        .returning({ id: authUsers.id });
      return gone.map((g) => g.id);
    },

    /** Drops every link (verification row) of these users. */
    async dropLinksOf(tx: Executor, uids: string[]) {
      await tx.delete(authVerifications).where(inArray(authVerifications.value, uids));
    },

    /** Every reset link of this user but the one just issued. */
    /** Drops the person's reset (set-password) links, but for `keepIdentifier`'s when given. */
    async dropResetTokens(uid: string, keepIdentifier?: string) {
      await db
        .delete(authVerifications)
        .where(
          and(
            eq(authVerifications.value, uid),
            like(authVerifications.identifier, "reset-password:%"),
            keepIdentifier === undefined ? undefined : ne(authVerifications.identifier, keepIdentifier),
          ),
        );
    },

    /** A company account for a login user, with a username free in the company. */
    insertAccount,

    async updateUser(tx: Executor, uid: string, patch: { name?: string; image?: string | null }) {
      await tx
        .update(authUsers)
        .set({
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.image !== undefined ? { image: patch.image } : {}),
          updatedAt: new Date(),
        })
        .where(eq(authUsers.id, uid));
    },

    async setLocale(tx: Executor, uid: string, locale: "en" | "es") {
      await tx.update(accounts).set({ locale }).where(eq(accounts.uid, uid));
    },
  };
}
export type IdentityRepo = ReturnType<typeof createIdentityRepo>;

function usernameBase(email: string): string {
  const local = email.split("@")[0] ?? "user";
  return (
    local
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, "-")
      .slice(0, 40) || "user"
  );
}

/** PRODUCT.md: an allow-list entry is an exact email or a `*@domain` pattern. */
export function allowListAdmits(allowlist: readonly string[], email: string): boolean {
  const e = email.toLowerCase();
  const domain = e.split("@")[1];
  return allowlist.some((entry) => {
    const x = entry.trim().toLowerCase();
    return x === e || (x.startsWith("*@") && x.slice(2) === domain);
  });
}
