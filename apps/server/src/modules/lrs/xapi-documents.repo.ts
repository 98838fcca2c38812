import { and, asc, eq, gt, isNull, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { xapiDocuments } from "../../db/schema/index.ts";

/** Where documents live: the company, the scope (kind + activity + agent, hashed) and, for state, the registration. */
export interface DocumentScope {
  companyId: number;
  scope: string;
  /** undefined: any registration (the multiple-document GET and DELETE); null: none. */
  registration?: string | null;
}

export interface DocumentWrite {
  kind: (typeof xapiDocuments.$inferInsert)["kind"];
  activityId: string | null;
  agentKey: string | null;
  contentType: string;
  content: Buffer;
  etag: string;
  updated: Date;
  credentialId: number;
}

const inScope = (s: DocumentScope): SQL => {
  const where = [eq(xapiDocuments.companyId, s.companyId), eq(xapiDocuments.scope, s.scope)];
  if (s.registration !== undefined) where.push(s.registration === null ? isNull(xapiDocuments.registration) : eq(xapiDocuments.registration, s.registration));
  return and(...where)!;
};

/** The xapi_documents table: the only place that reads or writes it. */
export function createXapiDocumentsRepo(db: Db) {
  return {
    async one(tx: Tx | Db, s: DocumentScope & { registration: string | null }, documentId: string, lock = false) {
      const q = tx
        .select()
        .from(xapiDocuments)
        .where(and(inScope(s), eq(xapiDocuments.documentId, documentId)));
      const [row] = lock ? await q.for("update") : await q;
      return row;
    },
    /** The ids in a scope (updated after `since`, when given), and when the newest of them changed. */
    async ids(s: DocumentScope, since?: Date) {
      const where = since ? and(inScope(s), gt(xapiDocuments.updated, since)) : inScope(s);
      const rows = await db
        .select({ documentId: xapiDocuments.documentId, updated: xapiDocuments.updated })
        .from(xapiDocuments)
        .where(where)
        .orderBy(asc(xapiDocuments.documentId));
      // One id may stand under several registrations: it is listed once.
      return {
        ids: [...new Set(rows.map((r) => r.documentId))],
        lastModified: rows.reduce<Date | null>((m, r) => (!m || r.updated > m ? r.updated : m), null),
      };
    },
    /** Inserts a new document; false when one with this key exists (written meanwhile). */
    async insert(tx: Tx, s: DocumentScope & { registration: string | null }, documentId: string, v: DocumentWrite) {
      const rows = await tx
        .insert(xapiDocuments)
        .values({ companyId: s.companyId, scope: s.scope, registration: s.registration, documentId, ...v })
        .onConflictDoNothing()
        .returning({ id: xapiDocuments.id });
      return rows.length > 0;
    },
    /** Writes the document whether or not it existed. */
    async upsert(tx: Tx, s: DocumentScope & { registration: string | null }, documentId: string, v: DocumentWrite) {
      await tx
        .insert(xapiDocuments)
        .values({ companyId: s.companyId, scope: s.scope, registration: s.registration, documentId, ...v })
        .onConflictDoUpdate({
          target: [xapiDocuments.companyId, xapiDocuments.scope, xapiDocuments.registration, xapiDocuments.documentId],
          set: { contentType: v.contentType, content: v.content, etag: v.etag, updated: v.updated, credentialId: v.credentialId },
        });
    },
    async update(tx: Tx, id: number, v: Pick<DocumentWrite, "contentType" | "content" | "etag" | "updated" | "credentialId">) {
      await tx.update(xapiDocuments).set(v).where(eq(xapiDocuments.id, id));
    },
    async remove(tx: Tx, id: number) {
      await tx.delete(xapiDocuments).where(eq(xapiDocuments.id, id));
    },
    async removeAll(tx: Tx, s: DocumentScope) {
      await tx.delete(xapiDocuments).where(inScope(s));
    },
  };
}
export type XapiDocumentsRepo = ReturnType<typeof createXapiDocumentsRepo>;
