import { createHash } from "node:crypto";
import type { Db } from "../../db/client.ts";
import type { XapiDocumentRow } from "../../db/schema/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { LrsCaller } from "./lrs-credentials.service.ts";
import type { DocumentScope, DocumentWrite, XapiDocumentsRepo } from "./xapi-documents.repo.ts";

export type DocumentKind = DocumentWrite["kind"];

/** What names a set of documents: the resource, and its activity and/or agent (as its identifier's key). */
export interface DocumentContext {
  kind: DocumentKind;
  activityId: string | null;
  agentKey: string | null;
}
/** One document: its context, the registration (state only; null when none) and its id. */
export interface DocumentAddress extends DocumentContext {
  registration: string | null;
  documentId: string;
}
/** The If-Match and If-None-Match headers as sent (§3.1). */
export interface Preconditions {
  ifMatch?: string;
  ifNoneMatch?: string;
}
export interface SentDocument {
  contentType: string;
  content: Buffer;
}

const sha1 = (b: Buffer | string) => createHash("sha1").update(b).digest("hex");
const scopeOf = (c: DocumentContext) => sha1(JSON.stringify([c.kind, c.activityId, c.agentKey]));
const isJson = (contentType: string) => contentType.split(";")[0]!.trim().toLowerCase() === "application/json";
// Keys that name an object's prototype machinery: a merged document never takes them from a caller.
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

const notJson = (which: "sent" | "stored") =>
  new AppError(
    "xapi_document_not_json",
    400,
    which === "sent"
      ? "POST merges a JSON object into the document: send application/json with an object"
      : "The stored document is not a JSON object: replace it with PUT",
  );
const preconditionFailed = () =>
  new AppError("xapi_precondition_failed", 412, "The document changed or exists already: GET it again and send its ETag in If-Match");
const putConflict = () =>
  new AppError(
    "xapi_document_conflict",
    409,
    "This document exists already: check its current state, then PUT again with If-Match set to its ETag (or If-None-Match: * to create only)",
  );

/** A JSON object's entries, or null when the bytes are no JSON object. */
function objectEntries(content: Buffer): [string, unknown][] | null {
  let value: unknown;
  try {
    value = JSON.parse(content.toString("utf8"));
  } catch {
    return null;
  }
  return value !== null && typeof value === "object" && !Array.isArray(value) ? Object.entries(value) : null;
}

/** Splits an entity-tag list ("a", W/"b", c) into lower-case tags without quotes. */
const tagsOf = (header: string) =>
  header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, "").replace(/^"|"$/g, "").toLowerCase())
    .filter(Boolean);

/** RFC 2616 §14.24 and §14.26 as xAPI §3.1 uses them: 412 when the document is not in the state the caller expects. */
function checkPreconditions(pre: Preconditions, row: XapiDocumentRow | undefined) {
  if (pre.ifMatch !== undefined) {
    if (!row) throw preconditionFailed();
    if (pre.ifMatch.trim() !== "*" && !tagsOf(pre.ifMatch).includes(row.etag)) throw preconditionFailed();
  }
  if (pre.ifNoneMatch !== undefined && row) {
    if (pre.ifNoneMatch.trim() === "*" || tagsOf(pre.ifNoneMatch).includes(row.etag)) throw preconditionFailed();
  }
}

/**
 * The document resources (xAPI 1.0.3 Part Three §2.2–§2.3, §2.6, §2.7): documents kept per company
 * (the credential's), stored as sent, merged when both are JSON objects, guarded by ETags (§3.1).
 */
export function createXapiDocumentsService({ db, repo, clock }: { db: Db; repo: XapiDocumentsRepo; clock: Clock }) {
  const where = (caller: LrsCaller, a: DocumentAddress) => ({ companyId: caller.companyId, scope: scopeOf(a), registration: a.registration });
  const write = (caller: LrsCaller, a: DocumentAddress, sent: SentDocument): DocumentWrite => ({
    kind: a.kind,
    activityId: a.activityId,
    agentKey: a.agentKey,
    contentType: sent.contentType,
    content: sent.content,
    etag: sha1(sent.content),
    updated: clock.now(),
    credentialId: caller.credentialId,
  });

  return {
    async get(caller: LrsCaller, a: DocumentAddress) {
      const row = await repo.one(db, where(caller, a), a.documentId);
      if (!row) throw notFound("Document");
      return { contentType: row.contentType, content: row.content, etag: row.etag, updated: row.updated };
    },

    /** The ids in a context (any registration unless one is named), changed after `since` when given. */
    async ids(caller: LrsCaller, c: DocumentContext & { registration?: string }, since?: Date) {
      const scope: DocumentScope = { companyId: caller.companyId, scope: scopeOf(c), ...(c.registration ? { registration: c.registration } : {}) };
      const { ids, lastModified } = await repo.ids(scope, since);
      return { ids, lastModified, etag: sha1(JSON.stringify(ids)) };
    },

    /**
     * Stores the document as sent. The profile resources refuse to overwrite one the caller did not
     * name with If-Match (409, §3.1); state may be overwritten freely, as the spec allows.
     */
    async put(caller: LrsCaller, a: DocumentAddress, sent: SentDocument, pre: Preconditions) {
      const s = where(caller, a);
      const blind = pre.ifMatch === undefined && pre.ifNoneMatch === undefined;
      await db.transaction(async (tx) => {
        const row = await repo.one(tx, s, a.documentId, true);
        checkPreconditions(pre, row);
        if (row) {
          if (blind && a.kind !== "state") throw putConflict();
          return repo.update(tx, row.id, write(caller, a, sent));
        }
        if (blind && a.kind === "state") return repo.upsert(tx, s, a.documentId, write(caller, a, sent));
        // Another request created it since the read above: the caller did not know of it.
        if (!(await repo.insert(tx, s, a.documentId, write(caller, a, sent)))) throw blind ? putConflict() : preconditionFailed();
      });
    },

    /** Merges a JSON object's top-level properties into the stored one (§2.2 JSON procedure), or stores it when none is. */
    async post(caller: LrsCaller, a: DocumentAddress, sent: SentDocument, pre: Preconditions) {
      const posted = isJson(sent.contentType) ? objectEntries(sent.content) : null;
      if (!posted) throw notJson("sent");
      const unsafe = posted.find(([k]) => UNSAFE_KEYS.has(k));
      if (unsafe) throw new AppError("xapi_document_unsafe_key", 400, `A merged document may not set the property ${unsafe[0]}`, { key: unsafe[0] });
      const s = where(caller, a);
      await db.transaction(async (tx) => {
        let row = await repo.one(tx, s, a.documentId, true);
        checkPreconditions(pre, row);
        if (!row) {
          if (await repo.insert(tx, s, a.documentId, write(caller, a, { contentType: "application/json", content: sent.content }))) return;
          // Another request created it since the read above: merge into theirs, as if it had come first.
          row = await repo.one(tx, s, a.documentId, true);
          if (!row) throw new AppError("xapi_document_conflict", 409, "This document was written and deleted meanwhile: send the POST again");
          checkPreconditions(pre, row);
        }
        const stored = isJson(row.contentType) ? objectEntries(row.content) : null;
        if (!stored) throw notJson("stored");
        // Built from entries, never by assignment: a stored "__proto__" key stays a plain property.
        const merged = Object.fromEntries([...stored, ...posted]);
        await repo.update(tx, row.id, write(caller, a, { contentType: "application/json", content: Buffer.from(JSON.stringify(merged)) }));
      });
    },

    /** Deletes one document; nothing to delete is no error unless If-Match named one. */
    async remove(caller: LrsCaller, a: DocumentAddress, pre: Preconditions) {
      await db.transaction(async (tx) => {
        const row = await repo.one(tx, where(caller, a), a.documentId, true);
        checkPreconditions(pre, row);
        if (row) await repo.remove(tx, row.id);
      });
    },

    /** §2.3 multiple-document DELETE: every state of the activity and agent (of one registration when named). */
    async removeAll(caller: LrsCaller, c: DocumentContext & { registration?: string }) {
      await db.transaction((tx) =>
        repo.removeAll(tx, { companyId: caller.companyId, scope: scopeOf(c), ...(c.registration ? { registration: c.registration } : {}) }),
      );
    },
  };
}
export type XapiDocumentsService = ReturnType<typeof createXapiDocumentsService>;
