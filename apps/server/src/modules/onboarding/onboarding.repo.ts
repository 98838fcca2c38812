import { and, count, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { OnboardingEvent } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import type { Executor } from "../../lib/events.ts";
import {
  accounts,
  adminAudit,
  budgetAudit,
  budgets,
  collectionFollows,
  collections,
  contentProgress,
  inviteRequests,
  invitations,
  onboardingEntries,
  planAssignees,
  publishRequests,
  purchaseRequests,
  upskillingPlans,
  userContents,
} from "../../db/schema/index.ts";

export type OnboardingEntryRow = typeof onboardingEntries.$inferSelect;

/** The role and team that decide which checklist a person is shown. */
export async function checklistOwner(tx: Executor, accountId: number) {
  const [who] = await tx.select({ role: accounts.role, teamId: accounts.teamId }).from(accounts).where(eq(accounts.id, accountId));
  return who;
}

/** The subtasks this person has already ticked, as `type` and `title` (entryKey). */
export async function tickedEntries(tx: Executor, accountId: number): Promise<Set<string>> {
  const rows = await tx
    .select({ type: onboardingEntries.type, title: onboardingEntries.title })
    .from(onboardingEntries)
    .where(and(eq(onboardingEntries.accountId, accountId), eq(onboardingEntries.ready, true)));
  return new Set(rows.map((r) => entryKey(r.type, r.title)));
}

/**
 * What in the data shows that a person has done the thing a subtask asks, whenever and however
 * it was done (before the checklist existed, through an import, the extension or a directory):
 * the rows their action leaves behind, named by who acted.
 */
const EVIDENCE: Partial<Record<OnboardingEvent, (tx: Executor, id: number) => SQL>> = {
  // Not here: "team.created" (a team does not record who created it; only its event ticks it).
  "content.saved": (tx, id) => exists(tx, userContents, eq(userContents.accountId, id)),
  // A saved course lands on the wishlist (spec §4 Course status): any course with a status got there.
  "wishlist.added": (tx, id) => exists(tx, userContents, and(eq(userContents.accountId, id), isNotNull(userContents.courseStatus))!),
  "plan.accepted": (tx, id) => exists(tx, planAssignees, and(eq(planAssignees.accountId, id), eq(planAssignees.status, "active"))!),
  "item.done": (tx, id) => exists(tx, contentProgress, eq(contentProgress.accountId, id)),
  "path.followed": (tx, id) => exists(tx, collectionFollows, eq(collectionFollows.accountId, id)),
  "collection.created": (tx, id) => exists(tx, collections, eq(collections.ownerId, id)),
  "collection.published": (tx, id) => exists(tx, publishRequests, and(eq(publishRequests.decidedBy, id), eq(publishRequests.status, "accepted"))!),
  "purchase.requested": (tx, id) => exists(tx, purchaseRequests, eq(purchaseRequests.requestedBy, id)),
  "purchase.decided": (tx, id) => exists(tx, purchaseRequests, eq(purchaseRequests.decidedBy, id)),
  "plan.assigned": (tx, id) => exists(tx, upskillingPlans, eq(upskillingPlans.createdBy, id)),
  "budget.set": (tx, id) => exists(tx, budgets, eq(budgets.createdBy, id)),
  "budget.allocated": (tx, id) => exists(tx, budgetAudit, and(eq(budgetAudit.actorId, id), eq(budgetAudit.entity, "allocation"))!),
  "invite.requested": (tx, id) => exists(tx, inviteRequests, eq(inviteRequests.requestedBy, id)),
  "invite.decided": (tx, id) => exists(tx, inviteRequests, and(eq(inviteRequests.decidedBy, id), inArray(inviteRequests.status, ["accepted", "rejected"]))!),
  "invitation.sent": (tx, id) => exists(tx, invitations, eq(invitations.invitedBy, id)),
  "company.created": (tx, id) => exists(tx, adminAudit, and(eq(adminAudit.actorId, id), eq(adminAudit.entity, "company"), eq(adminAudit.action, "create"))!),
};

type Table = Parameters<ReturnType<Executor["select"]>["from"]>[0];
const exists = (tx: Executor, table: Table, where: SQL) =>
  sql`exists (${tx
    .select({ one: sql`1` })
    .from(table)
    .where(where)})`;

/** Which of these subtask events the person's data shows they have done, in one statement. */
export async function doneInData(tx: Executor, accountId: number, events: OnboardingEvent[]): Promise<OnboardingEvent[]> {
  const wanted = [...new Set(events)].filter((e) => EVIDENCE[e] !== undefined);
  if (wanted.length === 0) return [];
  const columns = wanted.map((e, i) => sql`${EVIDENCE[e]!(tx, accountId)} as ${sql.identifier(`e${i}`)}`);
  const { rows } = (await tx.execute(sql`select ${sql.join(columns, sql`, `)}`)) as unknown as { rows: Record<string, unknown>[] };
  return wanted.filter((_, i) => rows[0]?.[`e${i}`] === true);
}

export const entryKey = (type: string, title: string) => `${type}\u0000${title}`;

/** Posting the same task twice keeps one entry (its latest readiness); also written by events, in their transaction. */
export async function upsertEntry(tx: Executor, accountId: number, entry: { title: string; type: string; ready: boolean }) {
  const [row] = await tx
    .insert(onboardingEntries)
    .values({ accountId, ...entry })
    .onConflictDoUpdate({
      target: [onboardingEntries.accountId, onboardingEntries.type, onboardingEntries.title],
      set: { ready: entry.ready },
    })
    .returning();
  return row!;
}

export function createOnboardingRepo(db: Db) {
  return {
    async list(accountId: number, limit: number, offset: number) {
      const where = eq(onboardingEntries.accountId, accountId);
      const [rows, [total]] = await Promise.all([
        db.select().from(onboardingEntries).where(where).orderBy(desc(onboardingEntries.createdAt), desc(onboardingEntries.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(onboardingEntries).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    async upsert(accountId: number, entry: { title: string; type: string; ready: boolean }) {
      return upsertEntry(db, accountId, entry);
    },
  };
}
export type OnboardingRepo = ReturnType<typeof createOnboardingRepo>;
