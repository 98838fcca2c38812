import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import type { Jobs } from "../../lib/jobs.ts";
import type { LrsCaller } from "./lrs-credentials.service.ts";
import type { LrsRepo, StatementFilter } from "./lrs.repo.ts";
import { APPLY_JOB } from "./xapi.apply.ts";
import { comparable, prepare, type PreparedStatement } from "./xapi.statements.ts";
import { Statement, VOIDED } from "./xapi.schema.ts";
import { agentQueryKey, type StatementQuery } from "./xapi.query.ts";

/** The most statements one request may carry (the issue's batch size); more is 413. */
export const MAX_BATCH = 10_000;
const DEFAULT_PAGE = 100;
const MAX_PAGE = 1000;

const uniqueViolation = (e: unknown): boolean =>
  typeof e === "object" && e !== null && ((e as { code?: unknown }).code === "23505" || uniqueViolation((e as { cause?: unknown }).cause));

/** The continuation a `more` link carries: the query, where its last page ended, and the newest statement the first page saw. */
const Cursor = z.strictObject({
  f: z.strictObject({
    agentKey: z.string().optional(),
    verb: z.string().optional(),
    activity: z.string().optional(),
    registration: z.string().optional(),
    relatedAgents: z.boolean().optional(),
    relatedActivities: z.boolean().optional(),
    since: z.iso.datetime({ offset: true, local: true }).optional(),
    until: z.iso.datetime({ offset: true, local: true }).optional(),
    ascending: z.boolean(),
  }),
  after: z.number().int(),
  asOf: z.number().int(),
  // A link is the client's to send back: what it carries is checked as a query's parameters would be.
  limit: z.number().int().positive().max(MAX_PAGE),
  format: z.enum(["ids", "exact", "canonical"]),
});
type Cursor = z.infer<typeof Cursor>;
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString("base64url");
function decodeCursor(more: string): Cursor {
  try {
    return Cursor.parse(JSON.parse(Buffer.from(more, "base64url").toString("utf8")));
  } catch {
    throw badRequest("This more link is not one this LRS gave");
  }
}

/** §2.7 format=ids: agents and activities by their identifiers alone. */
function idsOnly(s: Record<string, unknown>): Record<string, unknown> {
  const agent = (a: unknown): unknown => {
    if (!a || typeof a !== "object") return a;
    const { objectType, mbox, mbox_sha1sum, openid, account, member } = a as Record<string, unknown>;
    const ids = Object.fromEntries(Object.entries({ objectType, mbox, mbox_sha1sum, openid, account }).filter(([, v]) => v !== undefined));
    return objectType === "Group" && !mbox && !mbox_sha1sum && !openid && !account && Array.isArray(member) ? { ...ids, member: member.map(agent) } : ids;
  };
  const object = s.object as Record<string, unknown>;
  const obj =
    object.objectType === "Agent" || object.objectType === "Group"
      ? agent(object)
      : object.objectType === undefined || object.objectType === "Activity"
        ? { objectType: "Activity", id: object.id }
        : object;
  return { ...s, actor: agent(s.actor), object: obj, ...(s.authority ? { authority: agent(s.authority) } : {}) };
}

/** The statements resource (xAPI 1.0.3 Part Three §2.1): store, fetch one, query with paging. */
export function createXapiService({ db, repo, jobs, clock, publicUrl }: { db: Db; repo: LrsRepo; jobs: Jobs; clock: Clock; publicUrl: string }) {
  const authorityOf = (caller: LrsCaller) => ({ objectType: "Agent", name: caller.name, account: { homePage: publicUrl, name: caller.key } });

  return {
    /**
     * Stores one statement or a batch, all or nothing, and answers their ids in order. A statement
     * whose id is stored already is accepted again when it is the same statement (§2.3.1), refused
     * (409) when it is not. Applying them to people's libraries is the job's, after the commit.
     */
    async store(caller: LrsCaller, body: unknown, putId?: string): Promise<string[]> {
      const list = Array.isArray(body) ? body : [body];
      if (list.length > MAX_BATCH) throw new AppError("payload_too_large", 413, `A batch holds at most ${MAX_BATCH} statements`, { max: MAX_BATCH });
      const parsed: Statement[] = [];
      for (const [index, raw] of list.entries()) {
        const r = Statement.safeParse(raw);
        if (!r.success)
          throw new AppError("validation_error", 400, "A statement is malformed", {
            index,
            issues: r.error.issues.slice(0, 10).map((i) => ({ path: i.path.join("."), message: i.message })),
          });
        parsed.push(r.data);
      }
      if (putId !== undefined) {
        if (parsed[0]!.id !== undefined && parsed[0]!.id.toLowerCase() !== putId) throw badRequest("The statement's id is not the statementId parameter");
        parsed[0] = { ...parsed[0]!, id: putId };
      }
      for (const s of parsed)
        if (s.verb.id === VOIDED && s.object.objectType !== "StatementRef") throw badRequest("A voiding statement's object is a StatementRef (§2.3.2)");
      const stored = clock.now();
      const prepared = parsed.map((s) => prepare(s, stored, authorityOf(caller)));
      const ids = prepared.map((p) => p.id);
      if (new Set(ids).size !== ids.length) throw badRequest("Two statements of the batch have one id");

      try {
        return await db.transaction(async (tx) => {
          const existing = new Map((await repo.statementsByIds(tx, caller.companyId, ids)).map((r) => [r.id, r]));
          const fresh: PreparedStatement[] = [];
          for (const p of prepared) {
            const before = existing.get(p.id);
            if (!before) fresh.push(p);
            else if (comparable(before.statement as Record<string, unknown>) !== comparable(p.statement))
              throw new AppError("xapi_statement_conflict", 409, "A different statement with this id is stored already", { id: p.id });
          }
          // §2.3.2: a voiding statement cannot void another voiding statement, stored or in this batch.
          const targets = fresh.map((p) => p.voidsId).filter((x): x is string => x !== null);
          if (targets.length) {
            const voiding = new Set(prepared.filter((p) => p.voidsId).map((p) => p.id));
            for (const r of await repo.statementsByIds(tx, caller.companyId, targets)) if (r.voidsId) voiding.add(r.id);
            const bad = targets.find((t) => voiding.has(t));
            if (bad) throw new AppError("xapi_void_of_void", 400, "A voiding statement cannot void another voiding statement", { id: bad });
          }
          // A statement whose voiding statement came first is voided on arrival.
          const voidedBefore = await repo.voidedAlready(
            tx,
            caller.companyId,
            fresh.filter((p) => !p.voidsId).map((p) => p.id),
          );
          const rows = fresh.map((p) => {
            const voided = voidedBefore.has(p.id);
            return { ...p, voided, applyState: voided || p.voidsId ? ("ignored" as const) : ("pending" as const) };
          });
          await repo.insertStatements(tx, caller.companyId, caller.credentialId, stored, rows);
          if (targets.length) await repo.markVoided(tx, caller.companyId, targets);
          if (rows.some((r) => r.applyState === "pending"))
            await jobs.send(APPLY_JOB, { companyId: caller.companyId, revisit: false }, { tx, singletonKey: String(caller.companyId) });
          return ids;
        });
      } catch (err) {
        // Another request stored the same id between our read and our write.
        if (uniqueViolation(err)) throw new AppError("xapi_statement_conflict", 409, "A statement with this id was stored meanwhile");
        throw err;
      }
    },

    /** One statement by id: a voided one only as voidedStatementId, an unvoided one only as statementId (§2.1.3). */
    async one(caller: LrsCaller, id: string, asVoided: boolean, format: "ids" | "exact" | "canonical") {
      const row = await repo.statement(caller.companyId, id.toLowerCase());
      if (!row || row.voided !== asVoided) throw notFound("Statement");
      const s = row.statement as Record<string, unknown>;
      return format === "ids" ? idsOnly(s) : s;
    },

    /** The query form: a page of statements and, when more remain, the link to the next page. */
    async query(caller: LrsCaller, q: StatementQuery | { more: string }) {
      let c: Cursor;
      if ("more" in q) c = decodeCursor(q.more);
      else {
        const f: Cursor["f"] = {
          ascending: q.ascending,
          ...(q.agent ? { agentKey: agentQueryKey(q.agent) } : {}),
          ...(q.verb ? { verb: q.verb } : {}),
          ...(q.activity ? { activity: q.activity } : {}),
          ...(q.registration ? { registration: q.registration.toLowerCase() } : {}),
          ...(q.related_agents ? { relatedAgents: true } : {}),
          ...(q.related_activities ? { relatedActivities: true } : {}),
          ...(q.since ? { since: q.since } : {}),
          ...(q.until ? { until: q.until } : {}),
        };
        const limit = q.limit === undefined ? DEFAULT_PAGE : q.limit === 0 ? MAX_PAGE : Math.min(q.limit, MAX_PAGE);
        c = { f, after: q.ascending ? 0 : Number.MAX_SAFE_INTEGER, asOf: await repo.lastSeq(caller.companyId), limit, format: q.format };
      }
      const filter: StatementFilter = {
        ...c.f,
        since: c.f.since ? new Date(c.f.since) : undefined,
        until: c.f.until ? new Date(c.f.until) : undefined,
        afterSeq: c.after,
        asOfSeq: c.asOf,
      };
      const rows = await repo.query(caller.companyId, filter, c.limit + 1);
      const page = rows.slice(0, c.limit);
      const more = rows.length > c.limit ? `/xapi/statements?more=${encodeCursor({ ...c, after: page[page.length - 1]!.seq })}` : "";
      return {
        statements: page.map((r) => (c.format === "ids" ? idsOnly(r.statement as Record<string, unknown>) : r.statement)),
        more,
      };
    },
  };
}
export type XapiService = ReturnType<typeof createXapiService>;
