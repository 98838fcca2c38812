import { symmetricEncrypt } from "better-auth/crypto";
import type { LrsForwarder, SaveLrsForwarderRequest, TestLrsForwarderResponse, XapiForward } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import type { XapiForwardRow } from "../../db/schema/index.ts";
import { type Actor, authorize } from "../../lib/actor.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { lrsPolicy } from "./lrs.policy.ts";
import type { LrsForwardRepo } from "./lrs-forward.repo.ts";
import type { XapiForwarder } from "./xapi.forward.ts";

export interface LrsForwardServiceDeps {
  db: Db;
  repo: LrsForwardRepo;
  forwarder: XapiForwarder;
  clock: Clock;
  /** The server's AUTH_SECRET: the LRS secret is stored encrypted with it. */
  secret: string;
  /** Accept http:// endpoints (tests and local development forward to a loopback server); https only otherwise. */
  allowHttp: boolean;
}

const presentForward = (row: XapiForwardRow): XapiForward => {
  const s = row.statement as { verb?: { id?: string }; object?: { id?: string }; actor?: { mbox?: string } };
  return {
    id: row.id,
    statement_id: row.statementId,
    state: row.state,
    verb: s.verb?.id ?? "",
    activity: s.object?.id ?? "",
    actor: s.actor?.mbox?.replace(/^mailto:/, "") ?? null,
    attempts: row.attempts,
    last_status: row.lastStatus,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
  };
};

/** Where hr and the L&D leader forward the company's events: the outside LRS, a test statement, the dead letters. */
export function createLrsForwardService({ db, repo, forwarder, clock, secret, allowHttp }: LrsForwardServiceDeps) {
  const allowed = (actor: Actor, companyId: number) => authorize(actor, lrsPolicy.manageForwarding, { companyId });

  /** An endpoint: https (http only where allowed), no credentials or query in it. */
  const checkedEndpoint = (raw: string) => {
    const url = URL.canParse(raw) ? new URL(raw) : null;
    const schemes = allowHttp ? ["https:", "http:"] : ["https:"];
    if (!url || !schemes.includes(url.protocol) || url.username || url.password || url.search || url.hash) {
      throw new AppError("xapi_forward_url_invalid", 400, "endpoint must be the https:// address of an xAPI endpoint", { field: "endpoint" });
    }
    return url.toString();
  };

  return {
    async get(actor: Actor, companyId: number): Promise<LrsForwarder> {
      allowed(actor, companyId);
      const row = await repo.forwarder(companyId);
      return {
        endpoint: row?.endpoint ?? null,
        key: row?.key ?? null,
        has_secret: !!row,
        enabled: row?.enabled ?? false,
        updated_at: row?.updatedAt.toISOString() ?? null,
        ...(await repo.counts(companyId)),
      };
    },

    /** Saves the outside LRS; the secret is kept when not given again. Enabling sends what waited meanwhile. */
    async save(actor: Actor, companyId: number, body: SaveLrsForwarderRequest): Promise<LrsForwarder> {
      allowed(actor, companyId);
      const endpoint = checkedEndpoint(body.endpoint);
      const before = await repo.forwarder(companyId);
      if (body.secret === undefined && !before) {
        throw new AppError("xapi_forward_secret_required", 400, "The LRS secret is required the first time", { field: "secret" });
      }
      const enabled = body.enabled ?? true;
      const secretEncrypted = body.secret === undefined ? before!.secretEncrypted : await symmetricEncrypt({ key: secret, data: body.secret });
      await db.transaction(async (tx) => {
        await repo.saveForwarder(tx, { companyId, endpoint, key: body.key, secretEncrypted, enabled, updatedBy: actor.accountId, updatedAt: clock.now() });
        await repo.recordAudit(tx, {
          actorId: actor.accountId,
          companyId,
          entity: "lrs_forwarder",
          entityId: companyId,
          action: before ? "update" : "create",
          ...(before ? { before: { endpoint: before.endpoint, key: before.key, enabled: before.enabled } } : {}),
          after: { endpoint, key: body.key, enabled, secret_changed: body.secret !== undefined },
        });
        if (enabled) await forwarder.queue(companyId, tx, { now: true });
      });
      return this.get(actor, companyId);
    },

    /** Sends one statement now, as the caller, and says what the LRS answered. */
    async test(actor: Actor, companyId: number): Promise<TestLrsForwarderResponse> {
      allowed(actor, companyId);
      const row = await repo.forwarder(companyId);
      if (!row) throw new AppError("xapi_forward_not_set", 409, "Save the LRS address first");
      const person = await repo.person(actor.accountId);
      if (!person) throw notFound("Account");
      const statement = forwarder.testStatement(person);
      const sent = await forwarder.deliver(row, [statement]);
      return sent.ok
        ? { ok: true, status: sent.status, error: null, statement_id: statement.id! }
        : { ok: false, status: sent.status, error: sent.error, statement_id: statement.id! };
    },

    async list(actor: Actor, companyId: number, state: XapiForward["state"], limit: number, offset: number) {
      allowed(actor, companyId);
      const { count, rows } = await repo.page(companyId, state, limit, offset);
      return { count, results: rows.map(presentForward) };
    },

    /** Failed statements (one, or all) are sent again by the next delivery job; a failed one of another company is not found. */
    async retry(actor: Actor, companyId: number, id?: number) {
      allowed(actor, companyId);
      const retried = await db.transaction(async (tx) => {
        const n = await repo.requeueFailed(tx, companyId, id);
        if (n > 0) await forwarder.queue(companyId, tx, { now: true });
        return n;
      });
      if (id !== undefined && retried === 0) throw notFound("Failed statement");
      return { retried };
    },
  };
}
export type LrsForwardService = ReturnType<typeof createLrsForwardService>;
