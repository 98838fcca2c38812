import { randomUUID } from "node:crypto";
import { z } from "zod";
import { symmetricDecrypt } from "better-auth/crypto";
import type { LrsForwarderRow } from "../../db/schema/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { type DomainEventName, type EventBus, type Executor, perTransaction } from "../../lib/events.ts";
import type { JobDefinition, Jobs } from "../../lib/jobs.ts";
import { type SafeFetch, SafeFetchError } from "../../lib/safe-fetch.ts";
import type { LrsForwardRepo } from "./lrs-forward.repo.ts";
import { learnwardActivityId, type OutboundActivity, type OutboundVerb, outboundStatement } from "./xapi.outbound.ts";

/** Statements per POST: a backlog goes out in a few calls, each small enough for any LRS's body limit. */
export const FORWARD_BATCH = 50;
/** Batches one run sends before it hands the rest to a new job (a run never holds the worker for long). */
const ROUNDS = 20;
/** Tries of one batch before it is a dead letter: with backoff from 30 s, about an hour of an LRS being down. */
export const FORWARD_RETRIES = 7;

export type Delivery = { ok: true; status: number } | { ok: false; retry: boolean; status: number | null; error: string };

export interface ForwardDeps {
  repo: LrsForwardRepo;
  jobs: Jobs;
  fetch: SafeFetch;
  clock: Clock;
  /** The server's AUTH_SECRET, which the saved LRS secret is encrypted with. */
  secret: string;
  publicUrl: string;
  onError(err: unknown): void;
}

const ForwardData = z.object({ companyId: z.number().int().positive() });

/** Learnward's events sent on to a company's outside LRS: made into statements in the event's transaction, delivered by a job. */
export function createXapiForwarder(d: ForwardDeps) {
  /** POSTs statements to `<endpoint>/statements`; never throws for what the LRS or the network did. */
  const deliver = async (f: LrsForwarderRow, statements: unknown[]): Promise<Delivery> => {
    const secret = await symmetricDecrypt({ key: d.secret, data: f.secretEncrypted });
    try {
      const res = await d.fetch(`${f.endpoint.replace(/\/+$/, "")}/statements`, {
        maxBytes: 1024 * 1024,
        timeoutMs: 20_000,
        accept: "application/json",
        post: { body: JSON.stringify(statements), contentType: "application/json" },
        headers: { authorization: `Basic ${Buffer.from(`${f.key}:${secret}`).toString("base64")}`, "x-experience-api-version": "1.0.3" },
      });
      return { ok: true, status: res.status };
    } catch (err) {
      if (!(err instanceof SafeFetchError)) throw err;
      const status = err.code === "http_error" ? (err.status ?? null) : null;
      // An LRS that is down, overloaded or unreachable is asked again later; any other refusal will not change by itself.
      const retry = status !== null ? status === 429 || status >= 500 : err.code === "network_error" || err.code === "timeout";
      return { ok: false, retry, status, error: status !== null ? `The LRS answered ${status}` : err.message };
    }
  };

  const forwardJob: JobDefinition<typeof ForwardData> = {
    name: "lrs.forward",
    data: ForwardData,
    retryLimit: FORWARD_RETRIES,
    retryDelay: 30,
    expireInSeconds: 10 * 60,
    async run({ companyId }, job) {
      // The settings as they are now: a forwarder switched off keeps its statements waiting.
      const f = await d.repo.forwarder(companyId);
      if (!f?.enabled) return;
      for (let round = 0; round < ROUNDS; round++) {
        const batch = await d.repo.pending(companyId, FORWARD_BATCH);
        if (batch.length === 0) return;
        const ids = batch.map((r) => r.id);
        const sent = await deliver(
          f,
          batch.map((r) => r.statement),
        );
        if (sent.ok) {
          await d.repo.markSent(ids, d.clock.now());
          continue;
        }
        // A retry sends the same stored statements with the same ids: the LRS keeps each once.
        if (sent.retry && job.retryCount < FORWARD_RETRIES) {
          await d.repo.markAttempt(ids, sent, "pending");
          throw new Error(`forwarding statements of company ${companyId}: ${sent.error}`);
        }
        await d.repo.markAttempt(ids, sent, "failed");
      }
      await queue(companyId);
    },
  };
  d.jobs.define(forwardJob);

  /**
   * One delivery job per company waits at a time, counting one that waits out its backoff: events in
   * a burst go out together, and an LRS that is down is not asked again on every event. `now`: someone
   * just changed the settings or asked for a retry, so a job waiting out its backoff does not count.
   */
  const queue = async (companyId: number, tx?: Executor, { now = false } = {}) => {
    if (tx && (await d.jobs.waiting(tx, forwardJob.name, `forward:${companyId}`, { retrying: !now }))) return;
    await d.jobs.send(forwardJob, { companyId }, { ...(tx ? { tx } : {}), singletonKey: `forward:${companyId}` });
  };

  /** What an event says, as verb and activity; null when the thing it names is gone. */
  type Told = { verb: OutboundVerb; activity: OutboundActivity } | null;
  const item = async (on: Executor, contentId: number, verb: OutboundVerb): Promise<Told> => {
    const c = await d.repo.content(on, contentId);
    return c ? { verb, activity: { id: c.url, name: c.title, type: "link" } } : null;
  };
  const TELLS: { [N in DomainEventName]?: (on: Executor, e: Record<string, number>) => Promise<Told> } = {
    "content.saved": (on, e) => item(on, e.contentId!, "saved"),
    "content.started": (on, e) => item(on, e.contentId!, "started"),
    "content.finished": (on, e) => item(on, e.contentId!, "completed"),
    "collection.completed": async (on, e) => {
      const c = await d.repo.collection(on, e.collectionId!);
      return c ? { verb: "completed", activity: { id: learnwardActivityId(d.publicUrl, "paths", e.collectionId), name: c.title, type: "course" } } : null;
    },
    "plan.completed": async (on, e) => {
      const p = await d.repo.plan(on, e.planId!);
      return p ? { verb: "completed", activity: { id: learnwardActivityId(d.publicUrl, "plans", e.planId), name: p.title, type: "objective" } } : null;
    },
    // The actor is who assigned the plan: the event does not name the people it reached.
    "plan.assigned": async (on, e) => {
      const p = await d.repo.plan(on, e.planId!);
      return p ? { verb: "assigned", activity: { id: learnwardActivityId(d.publicUrl, "plans", e.planId), name: p.title, type: "objective" } } : null;
    },
    "certificate.issued": async (on, e) => {
      const c = await d.repo.certificate(on, e.certificateId!);
      return c ? { verb: "earned", activity: { id: `${d.publicUrl}/verify/${c.code}`, name: c.title } } : null;
    },
  };

  /**
   * Keeps the event's statement and queues its delivery, in the event's transaction. Forwarding never
   * stands in the way of the write that caused it: its work runs in a savepoint and a failure is logged.
   */
  const subscribe = (events: EventBus) => {
    for (const [name, tell] of Object.entries(TELLS) as [DomainEventName, NonNullable<(typeof TELLS)[DomainEventName]>][]) {
      events.on(name, async (tx, payload) => {
        // Most companies forward nothing: one read per transaction, outside the savepoint, is all their events pay.
        const person = await perTransaction(tx, `lrs-forward:${payload.actorId}`, () => d.repo.forwardingPerson(tx, payload.actorId!));
        if (!person) return;
        try {
          await tx.transaction(async (sp) => {
            const told = await tell(sp, payload as Record<string, number>);
            if (!told) return;
            const statement = outboundStatement({ id: randomUUID(), person, ...told, timestamp: d.clock.now() });
            await d.repo.insertForward(sp, { companyId: person.companyId, statementId: statement.id!, statement });
            await queue(person.companyId, sp);
          });
        } catch (err) {
          d.onError(err);
        }
      });
    }
  };

  return {
    subscribe,
    deliver,
    /** Sends what waits now (after a save that enabled forwarding, or a retry of dead letters). */
    queue,
    /** A statement saying that the caller tested the connection: sent now, never kept. */
    testStatement: (person: { email: string; name: string; locale: string }) =>
      outboundStatement({
        id: randomUUID(),
        person,
        verb: "tested",
        activity: { id: learnwardActivityId(d.publicUrl, "connection-test"), name: "Learnward connection test" },
        timestamp: d.clock.now(),
      }),
  };
}
export type XapiForwarder = ReturnType<typeof createXapiForwarder>;
