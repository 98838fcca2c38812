import type { SQL } from "drizzle-orm";
import { z } from "zod";
import { collectionSlug, NotificationKind, NotificationParams, type Role } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { type Actor, COMPANY_ROLES, type Rule } from "../../lib/actor.ts";
import { type DomainEventName, type DomainEventPayload, type Executor, type Handler } from "../../lib/events.ts";
import type { Jobs } from "../../lib/jobs.ts";
import type { Notifier } from "./notifications.service.ts";
import { sources } from "./notifications.sources.repo.ts";

type PurchaseRef = { companyId: number; teamId: number | null; requestedBy: number; status: string };

/** What notifications needs from the modules whose events it tells: their policies say who decides, network who holds a plan. */
export interface NotificationsDeps {
  /** network: who holds a plan, as SQL of (plan_id, account_id) rows. */
  planHolders: (planId: number) => SQL;
  /** budgeting: who decides a purchase request. */
  decidesPurchase: Rule<PurchaseRef>;
  /** network: who decides publish requests. */
  decidesPublish: Rule<null>;
  /** people: who decides invite and removal requests. */
  decidesPeopleRequests: Rule<null>;
}

/** Above this many people, telling them leaves the request that caused it and runs as a job. */
export const FANOUT_ABOVE = 100;
const BATCH = 1000;
const FANOUT_JOB = "notifications.fanout";
const MAIL_BATCH = 500;

const LINKS = {
  tasks: "/collaborative-network/myTasks",
  purchases: "/budgetingPlan/purchaseRequest",
  publishRequests: "/collaborative-network/publishRequest",
  // spec §2: tab 3 of people management holds the invite and removal requests.
  peopleRequests: "/peopleManagement?tab=3",
  collection: (c: { id: number; title: string }) => `/collaborative-network/collections/${c.id}/${collectionSlug(c.title)}`,
};

const Audience = z.discriminatedUnion("type", [
  z.object({ type: z.literal("plan"), id: z.number().int() }),
  z.object({ type: z.literal("followers"), id: z.number().int() }),
]);
type Audience = z.infer<typeof Audience>;
const Fanout = z.object({
  audience: Audience,
  except: z.array(z.number().int()),
  notice: z.object({ companyId: z.number().int().nullable(), kind: NotificationKind, params: NotificationParams, link: z.string(), key: z.string() }),
});
type Fanout = z.infer<typeof Fanout>;

interface Subscriber {
  db: Db;
  jobs: Jobs;
  notifier: Notifier;
  deps: NotificationsDeps;
}
/** One app's subscriptions, put on that app's event bus when the module is built. */
export type Subscriptions = Array<{ name: DomainEventName; handler: Handler<never> }>;

const audienceSql = (c: Subscriber, a: Audience) => (a.type === "plan" ? c.deps.planHolders(a.id) : sources.followers(a.id));

async function writeBatch(c: Subscriber, tx: Executor, f: Fanout, after: number): Promise<number | null> {
  const { ids, last } = await sources.insertBatch(tx, audienceSql(c, f.audience), f.notice, { after, except: f.except, size: BATCH });
  for (let i = 0; i < ids.length; i += MAIL_BATCH) await c.jobs.send("notifications.mail", { ids: ids.slice(i, i + MAIL_BATCH) }, { tx });
  return last;
}

/** Tells an audience in the event's transaction when small, otherwise queues the fan-out job in it. */
async function tellAudience(c: Subscriber, tx: Executor, f: Fanout) {
  if ((await sources.count(tx, audienceSql(c, f.audience))) > FANOUT_ABOVE) {
    await c.jobs.send(FANOUT_JOB, f, { tx });
    return;
  }
  for (let after: number | null = 0; after !== null;) after = await writeBatch(c, tx, f, after);
}

/** The people of a company a rule admits for `target`: the roles it could admit, then each person judged by the rule itself. */
async function whoMay<T>(tx: Executor, companyId: number, teamId: number | null, rule: Rule<T>, target: T): Promise<number[]> {
  const probe = (role: Role): Actor => ({ uid: "", accountId: 0, email: "", role, companyId, teamId, twoFactorPending: false });
  const roles = COMPANY_ROLES.filter((role) => rule(probe(role), target));
  return (await sources.actors(tx, companyId, roles)).filter((a) => rule(a, target)).map((a) => a.accountId);
}

/**
 * Who is told what when something happens. Individuals are told through `notify`;
 * audiences that can be a whole company (a plan's holders, a path's followers) are written
 * set-based in batches, in the event's transaction when small, otherwise by a job queued in it.
 */
export function subscribeNotifications(d: Subscriber) {
  d.jobs.define<typeof Fanout>({
    name: FANOUT_JOB,
    data: Fanout,
    // Each batch commits on its own; a retry starts over and the key skips whoever was told.
    async run(f) {
      for (let after: number | null = 0; after !== null;) {
        const from: number = after;
        after = await d.db.transaction((tx) => writeBatch(d, tx, f, from));
      }
    },
  });
  const subscriptions: Subscriptions = [];
  const handle = <N extends DomainEventName>(name: N, fn: (c: Subscriber, tx: Executor, e: DomainEventPayload<N>) => Promise<void>) => {
    subscriptions.push({ name, handler: ((tx: Executor, e: DomainEventPayload<N>) => fn(d, tx, e)) as Handler<never> });
  };

  handle("plan.assigned", async (c, tx, e) => {
    const plan = await sources.plan(tx, e.planId);
    if (!plan) return;
    const params = { plan: plan.title, by: await sources.name(tx, e.actorId), due_on: plan.deadline };
    // Once per person and plan: adding people later tells only the new ones.
    const notice = { companyId: plan.companyId, kind: "plan_assigned" as const, params, link: LINKS.tasks, key: `plan:${plan.id}:assigned` };
    await tellAudience(c, tx, { audience: { type: "plan", id: plan.id }, except: [e.actorId], notice });
  });

  handle("purchase_request.created", async (c, tx, e) => {
    const request = { companyId: e.companyId, teamId: e.teamId, requestedBy: e.actorId, status: "pending" };
    const to = await whoMay(tx, e.companyId, e.teamId, c.deps.decidesPurchase, request);
    const params = { title: e.title, by: await sources.name(tx, e.actorId) };
    await c.notifier.notify(tx, {
      to,
      companyId: e.companyId,
      kind: "purchase_request_filed",
      params,
      link: LINKS.purchases,
      key: `purchase_request:${e.requestId}:filed`,
    });
  });

  for (const [name, status] of [
    ["purchase_request.approved", "approved"],
    ["purchase_request.rejected", "rejected"],
  ] as const) {
    handle(name, async (c, tx, e) => {
      if (e.requesterId === e.actorId) return;
      await c.notifier.notify(tx, {
        to: [e.requesterId],
        companyId: e.companyId,
        kind: "purchase_request_decided",
        params: { title: e.title, status },
        link: LINKS.purchases,
        key: `purchase_request:${e.requestId}:decided`,
      });
    });
  }

  handle("publish_request.created", async (c, tx, e) => {
    const path = await sources.collection(tx, e.collectionId);
    if (!path) return;
    const to = (await whoMay(tx, path.companyId, null, c.deps.decidesPublish, null)).filter((id) => id !== e.actorId);
    const params = { collection: path.title, by: await sources.name(tx, e.actorId) };
    await c.notifier.notify(tx, {
      to,
      companyId: path.companyId,
      kind: "publish_request_filed",
      params,
      link: LINKS.publishRequests,
      key: `publish_request:${e.requestId}:filed`,
    });
  });

  for (const [name, status] of [
    ["publish_request.accepted", "accepted"],
    ["publish_request.rejected", "rejected"],
  ] as const) {
    handle(name, async (c, tx, e) => {
      const path = await sources.collection(tx, e.collectionId);
      if (!path || e.requesterId === e.actorId) return;
      const params = { collection: path.title, status };
      const link = LINKS.collection(path);
      await c.notifier.notify(tx, {
        to: [e.requesterId],
        companyId: path.companyId,
        kind: "publish_request_decided",
        params,
        link,
        key: `publish_request:${e.requestId}:decided`,
      });
    });
  }

  handle("collection.changed", async (c, tx, e) => {
    const path = await sources.collection(tx, e.collectionId);
    if (!path) return;
    // Each accepted edit is news of its own: the key names the request that published it.
    const notice = {
      companyId: path.companyId,
      kind: "path_changed" as const,
      params: { collection: path.title },
      link: LINKS.collection(path),
      key: `collection:${path.id}:changed:${e.requestId}`,
    };
    await tellAudience(c, tx, { audience: { type: "followers", id: path.id }, except: [e.actorId, e.editorId], notice });
  });

  handle("invite_request.created", async (c, tx, e) => {
    const to = await whoMay(tx, e.companyId, e.teamId, c.deps.decidesPeopleRequests, null);
    const params = { email: e.email, by: await sources.name(tx, e.actorId) };
    await c.notifier.notify(tx, {
      to,
      companyId: e.companyId,
      kind: "invite_request_filed",
      params,
      link: LINKS.peopleRequests,
      key: `invite_request:${e.inviteRequestId}:filed`,
    });
  });

  for (const [name, status] of [
    ["invite_request.accepted", "accepted"],
    ["invite_request.rejected", "rejected"],
  ] as const) {
    handle(name, async (c, tx, e) => {
      await c.notifier.notify(tx, {
        to: [e.requesterId],
        companyId: e.companyId,
        kind: "invite_request_decided",
        params: { email: e.email, status },
        link: LINKS.peopleRequests,
        key: `invite_request:${e.inviteRequestId}:decided`,
      });
    });
  }

  handle("removal_request.created", async (c, tx, e) => {
    const to = await whoMay(tx, e.companyId, e.teamId, c.deps.decidesPeopleRequests, null);
    const params = { person: await sources.name(tx, e.accountId), by: await sources.name(tx, e.actorId) };
    await c.notifier.notify(tx, {
      to,
      companyId: e.companyId,
      kind: "removal_request_filed",
      params,
      link: LINKS.peopleRequests,
      key: `removal_request:${e.removalRequestId}:filed`,
    });
  });

  for (const [name, status] of [
    ["removal_request.accepted", "accepted"],
    ["removal_request.rejected", "rejected"],
  ] as const) {
    handle(name, async (c, tx, e) => {
      await c.notifier.notify(tx, {
        to: [e.requesterId],
        companyId: e.companyId,
        kind: "removal_request_decided",
        params: { person: await sources.name(tx, e.accountId), status },
        link: LINKS.peopleRequests,
        key: `removal_request:${e.removalRequestId}:decided`,
      });
    });
  }
  return subscriptions;
}
