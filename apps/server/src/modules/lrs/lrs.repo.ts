import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, max, sql, arrayContains, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { accounts, authUsers, contentItems, lrsCredentials, xapiActivityMappings, xapiStatements } from "../../db/schema/index.ts";
import { recordAudit } from "../../lib/audit.ts";
import { listedInCatalog } from "../library/index.ts";
import type { PreparedStatement } from "./xapi.statements.ts";

export type ApplyState = (typeof xapiStatements.$inferSelect)["applyState"];

export interface StatementFilter {
  agentKey?: string;
  verb?: string;
  activity?: string;
  registration?: string;
  /** §2.1.3: match the agent or activity anywhere in the statement, not only as actor or object. */
  relatedAgents?: boolean;
  relatedActivities?: boolean;
  since?: Date;
  until?: Date;
  ascending: boolean;
  /** Continue after this position (the last one of the previous page). */
  afterSeq?: number;
  /** The newest position the first page saw: later statements never slip into its pages. */
  asOfSeq?: number;
}

// Inserts go in slices: a 10,000-statement batch is far past PostgreSQL's 65,535 bound parameters in one.
const SLICE = 500;

/** The lrs module's tables, and what it reads of people and the catalog to apply statements. */
export function createLrsRepo(db: Db) {
  return {
    recordAudit,

    async credentials(companyId: number) {
      return db.select().from(lrsCredentials).where(eq(lrsCredentials.companyId, companyId)).orderBy(asc(lrsCredentials.id));
    },
    async credential(companyId: number, id: number) {
      const [row] = await db
        .select()
        .from(lrsCredentials)
        .where(and(eq(lrsCredentials.companyId, companyId), eq(lrsCredentials.id, id)));
      return row;
    },
    async credentialByKey(key: string) {
      const [row] = await db.select().from(lrsCredentials).where(eq(lrsCredentials.key, key));
      return row;
    },
    async insertCredential(tx: Tx, v: { companyId: number; name: string; key: string; secretHash: string; createdBy: number }) {
      const [row] = await tx.insert(lrsCredentials).values(v).returning();
      return row!;
    },
    async updateCredential(tx: Tx, id: number, set: Partial<Pick<typeof lrsCredentials.$inferInsert, "name" | "secretHash" | "rotatedAt" | "revokedAt">>) {
      const [row] = await tx.update(lrsCredentials).set(set).where(eq(lrsCredentials.id, id)).returning();
      return row!;
    },
    async touchCredential(id: number, at: Date) {
      await db.update(lrsCredentials).set({ lastUsedAt: at }).where(eq(lrsCredentials.id, id));
    },

    /** The statements of the company among these ids, as stored. */
    async statementsByIds(tx: Tx | Db, companyId: number, ids: string[]) {
      const out: { id: string; statement: unknown; voidsId: string | null }[] = [];
      for (let i = 0; i < ids.length; i += SLICE) {
        const slice = ids.slice(i, i + SLICE);
        out.push(
          ...(await tx
            .select({ id: xapiStatements.id, statement: xapiStatements.statement, voidsId: xapiStatements.voidsId })
            .from(xapiStatements)
            .where(and(eq(xapiStatements.companyId, companyId), inArray(xapiStatements.id, slice)))),
        );
      }
      return out;
    },
    /** Of these ids, the ones an earlier voiding statement already voids. */
    async voidedAlready(tx: Tx, companyId: number, ids: string[]) {
      const out = new Set<string>();
      for (let i = 0; i < ids.length; i += SLICE) {
        const rows = await tx
          .select({ id: xapiStatements.voidsId })
          .from(xapiStatements)
          .where(and(eq(xapiStatements.companyId, companyId), inArray(xapiStatements.voidsId, ids.slice(i, i + SLICE))));
        for (const r of rows) if (r.id) out.add(r.id);
      }
      return out;
    },
    async insertStatements(
      tx: Tx,
      companyId: number,
      credentialId: number,
      stored: Date,
      rows: (PreparedStatement & { voided: boolean; applyState: ApplyState })[],
    ) {
      for (let i = 0; i < rows.length; i += SLICE) {
        await tx.insert(xapiStatements).values(rows.slice(i, i + SLICE).map((r) => ({ companyId, credentialId, stored, ...r })));
      }
    },
    /** Marks the targets of voiding statements voided (never a voiding statement itself). */
    async markVoided(tx: Tx, companyId: number, ids: string[]) {
      for (let i = 0; i < ids.length; i += SLICE) {
        await tx
          .update(xapiStatements)
          .set({ voided: true })
          .where(and(eq(xapiStatements.companyId, companyId), inArray(xapiStatements.id, ids.slice(i, i + SLICE)), isNull(xapiStatements.voidsId)));
      }
    },

    async statement(companyId: number, id: string) {
      const [row] = await db
        .select({ statement: xapiStatements.statement, voided: xapiStatements.voided, stored: xapiStatements.stored })
        .from(xapiStatements)
        .where(and(eq(xapiStatements.companyId, companyId), eq(xapiStatements.id, id)));
      return row;
    },
    async lastSeq(companyId: number) {
      const [row] = await db
        .select({ seq: max(xapiStatements.seq) })
        .from(xapiStatements)
        .where(eq(xapiStatements.companyId, companyId));
      return row?.seq ?? 0;
    },
    /** One page of the query form (§2.7): never voided statements, newest first unless ascending. */
    async query(companyId: number, f: StatementFilter, limit: number) {
      const where: (SQL | undefined)[] = [eq(xapiStatements.companyId, companyId), eq(xapiStatements.voided, false)];
      if (f.agentKey) where.push(arrayContains(f.relatedAgents ? xapiStatements.relatedAgentKeys : xapiStatements.agentKeys, [f.agentKey]));
      if (f.verb) where.push(eq(xapiStatements.verbId, f.verb));
      if (f.activity)
        where.push(f.relatedActivities ? arrayContains(xapiStatements.relatedActivityIds, [f.activity]) : eq(xapiStatements.activityId, f.activity));
      if (f.registration) where.push(eq(xapiStatements.registration, f.registration));
      if (f.since) where.push(gt(xapiStatements.stored, f.since));
      if (f.until) where.push(lte(xapiStatements.stored, f.until));
      if (f.asOfSeq !== undefined) where.push(lte(xapiStatements.seq, f.asOfSeq));
      if (f.afterSeq !== undefined) where.push(f.ascending ? gt(xapiStatements.seq, f.afterSeq) : lt(xapiStatements.seq, f.afterSeq));
      return db
        .select({ seq: xapiStatements.seq, statement: xapiStatements.statement })
        .from(xapiStatements)
        .where(and(...where))
        .orderBy(f.ascending ? asc(xapiStatements.seq) : desc(xapiStatements.seq))
        .limit(limit);
    },

    /** Statements still to apply (or, revisiting, waiting for their person or item), oldest first. */
    async toApply(companyId: number, states: ApplyState[], afterSeq: number, limit: number) {
      return db
        .select({
          id: xapiStatements.id,
          seq: xapiStatements.seq,
          statement: xapiStatements.statement,
          verbId: xapiStatements.verbId,
          activityId: xapiStatements.activityId,
          voided: xapiStatements.voided,
          voidsId: xapiStatements.voidsId,
        })
        .from(xapiStatements)
        .where(and(eq(xapiStatements.companyId, companyId), inArray(xapiStatements.applyState, states), gt(xapiStatements.seq, afterSeq)))
        .orderBy(asc(xapiStatements.seq))
        .limit(limit);
    },
    async setApplyState(companyId: number, ids: string[], state: ApplyState, accountId: number | null) {
      for (let i = 0; i < ids.length; i += SLICE) {
        await db
          .update(xapiStatements)
          .set({ applyState: state, accountId })
          .where(and(eq(xapiStatements.companyId, companyId), inArray(xapiStatements.id, ids.slice(i, i + SLICE))));
      }
    },
    /** Companies with statements waiting for a person or an item (the periodic revisit). */
    async companiesWaiting() {
      const rows = await db
        .selectDistinct({ companyId: xapiStatements.companyId })
        .from(xapiStatements)
        .where(inArray(xapiStatements.applyState, ["pending", "unknown_agent", "unknown_activity"]));
      return rows.map((r) => r.companyId);
    },
    /** What waits, grouped: by agent for unknown people, by activity for unknown items. */
    async unapplied(companyId: number, state: "unknown_agent" | "unknown_activity", limit: number) {
      const key = state === "unknown_agent" ? sql<string>`${xapiStatements.statement}->'actor'` : sql<string>`${xapiStatements.activityId}`;
      return db
        .select({ key, statements: count(), lastStored: max(xapiStatements.stored) })
        .from(xapiStatements)
        .where(and(eq(xapiStatements.companyId, companyId), eq(xapiStatements.applyState, state), eq(xapiStatements.voided, false)))
        .groupBy(key)
        .orderBy(desc(max(xapiStatements.stored)))
        .limit(limit);
    },

    /** Every address of the company's active people. */
    async activeEmails(companyId: number): Promise<string[]> {
      const rows = await db
        .select({ email: authUsers.email })
        .from(accounts)
        .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
        .where(and(eq(accounts.companyId, companyId), eq(accounts.status, "active")));
      return rows.map((r) => r.email);
    },

    /** The company's active people with one of these addresses (lower-cased) or user names. */
    async people(companyId: number, emails: string[], usernames: string[]) {
      if (emails.length === 0 && usernames.length === 0) return [];
      const match = [
        emails.length ? inArray(sql`lower(${authUsers.email})`, emails) : undefined,
        usernames.length ? inArray(accounts.username, usernames) : undefined,
      ].filter((x): x is SQL => !!x);
      return db
        .select({
          accountId: accounts.id,
          uid: accounts.uid,
          email: authUsers.email,
          username: accounts.username,
          role: accounts.role,
          teamId: accounts.teamId,
        })
        .from(accounts)
        .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
        .where(and(eq(accounts.companyId, companyId), eq(accounts.status, "active"), match.length === 1 ? match[0] : sql`(${match[0]} or ${match[1]})`));
    },
    /** The company's catalog items at these normalised links, as its catalog lists them (never a private save's, nor a hidden one). */
    async itemsAt(companyId: number, urls: string[]) {
      if (urls.length === 0) return [];
      return db
        .select({ id: contentItems.id, normalizedUrl: contentItems.normalizedUrl })
        .from(contentItems)
        .where(and(eq(contentItems.companyId, companyId), inArray(contentItems.normalizedUrl, urls), listedInCatalog(contentItems)));
    },
    async item(companyId: number, id: number) {
      const [row] = await db
        .select({ id: contentItems.id, title: contentItems.title, url: contentItems.url })
        .from(contentItems)
        .where(and(eq(contentItems.companyId, companyId), eq(contentItems.id, id), listedInCatalog(contentItems)));
      return row;
    },

    async mappings(companyId: number) {
      return db
        .select({
          id: xapiActivityMappings.id,
          activityId: xapiActivityMappings.activityId,
          contentId: xapiActivityMappings.contentId,
          title: contentItems.title,
          createdAt: xapiActivityMappings.createdAt,
        })
        .from(xapiActivityMappings)
        .innerJoin(contentItems, eq(contentItems.id, xapiActivityMappings.contentId))
        .where(eq(xapiActivityMappings.companyId, companyId))
        .orderBy(asc(xapiActivityMappings.activityId));
    },
    async mappedItems(companyId: number, activityIds: string[]) {
      if (activityIds.length === 0) return [];
      return db
        .select({ activityId: xapiActivityMappings.activityId, contentId: xapiActivityMappings.contentId })
        .from(xapiActivityMappings)
        .where(and(eq(xapiActivityMappings.companyId, companyId), inArray(xapiActivityMappings.activityId, activityIds)));
    },
    async saveMapping(tx: Tx, v: { companyId: number; activityId: string; contentId: number; createdBy: number }) {
      const [row] = await tx
        .insert(xapiActivityMappings)
        .values(v)
        .onConflictDoUpdate({
          target: [xapiActivityMappings.companyId, xapiActivityMappings.activityId],
          set: { contentId: v.contentId, createdBy: v.createdBy },
        })
        .returning();
      return row!;
    },
    async deleteMapping(companyId: number, id: number) {
      const gone = await db
        .delete(xapiActivityMappings)
        .where(and(eq(xapiActivityMappings.companyId, companyId), eq(xapiActivityMappings.id, id)))
        .returning();
      return gone.length > 0;
    },
    /** Statements of this activity that waited for an item go back to the queue. */
    async requeueActivity(tx: Tx, companyId: number, activityId: string) {
      await tx
        .update(xapiStatements)
        .set({ applyState: "pending" })
        .where(and(eq(xapiStatements.companyId, companyId), eq(xapiStatements.activityId, activityId), eq(xapiStatements.applyState, "unknown_activity")));
    },
  };
}
export type LrsRepo = ReturnType<typeof createLrsRepo>;
