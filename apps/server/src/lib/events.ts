import { z } from "zod";
import type { Db, Tx } from "../db/client.ts";

/** The emitter's open transaction (or the database handle for a one-statement write). */
export type Executor = Db | Tx;

const id = z.number().int().positive();
/** Who did it: onboarding ticks their checklist; notifications will tell the others. */
const by = { actorId: id };
const courseStatus = z.enum(["wishlist", "running", "finalized"]).nullable();

/**
 * Every domain event, named as the product names what happened, with its payload. Modules emit
 * them inside the transaction of the write; insights and onboarding (later notifications and
 * integrations) subscribe. One list, so a new subscriber sees everything that can happen.
 */
export const DOMAIN_EVENTS = {
  /** A person put an item in their library (a new copy, not a repeat save). */
  "content.saved": z.object({ ...by, contentId: id, courseStatus }),
  /** A person imported links: the new copies in their library, in one event (an import brings thousands). */
  "content.imported": z.object({ ...by, contentIds: z.array(id).min(1), wishlisted: z.boolean() }),
  /** A saved link's page, read after the save, filled in what its catalog row still lacked. */
  "content.described": z.object({ ...by, contentId: id }),
  /** spec §4 Course status: the item moved to the wishlist, running or finalized. */
  "content.wishlisted": z.object({ ...by, contentId: id }),
  "content.started": z.object({ ...by, contentId: id }),
  "content.finished": z.object({ ...by, contentId: id }),
  /** An item deleted from the person's library (and so from the plans it counted towards). */
  "content.removed": z.object({ ...by, contentId: id }),
  "collection.created": z.object({ ...by, collectionId: id }),
  "collection.followed": z.object({ ...by, collectionId: id }),
  /** An item of a learning path marked done by the person following it. */
  "collection.item_done": z.object({ ...by, collectionId: id, contentId: id }),
  /** The person has now done every item of a learning path (a published collection): once per person, path and cycle (a path started again is a new cycle). */
  "collection.completed": z.object({ ...by, collectionId: id }),
  /** A publish request accepted: the collection is in the company library. */
  "collection.published": z.object({ ...by, collectionId: id }),
  /** A plan created or given more people or teams (the actor is the one assigning). */
  "plan.assigned": z.object({ ...by, planId: id }),
  "plan.accepted": z.object({ ...by, planId: id }),
  /** The person has now done every item of a plan they hold: once per person and plan. */
  "plan.completed": z.object({ ...by, planId: id }),
  /** An item of the person's own library no longer counted towards their plan. */
  "plan.item_detached": z.object({ ...by, planId: id, contentId: id }),
  /** A purchase request filed; what it is, so that telling whoever decides it reads nothing back. */
  "purchase_request.created": z.object({ ...by, requestId: id, companyId: id, teamId: id.nullable(), title: z.string() }),
  "purchase_request.approved": z.object({ ...by, requestId: id, requesterId: id, companyId: id, title: z.string() }),
  "purchase_request.rejected": z.object({ ...by, requestId: id, requesterId: id, companyId: id, title: z.string() }),
  "invite_request.created": z.object({ ...by, inviteRequestId: id, companyId: id, teamId: id, email: z.string() }),
  "invite_request.accepted": z.object({ ...by, inviteRequestId: id, requesterId: id, companyId: id, email: z.string() }),
  "invite_request.rejected": z.object({ ...by, inviteRequestId: id, requesterId: id, companyId: id, email: z.string() }),
  /** A publish request filed: a first publication or an edit of a published collection. */
  "publish_request.created": z.object({ ...by, requestId: id, collectionId: id }),
  "publish_request.accepted": z.object({ ...by, requestId: id, collectionId: id, requesterId: id }),
  "publish_request.rejected": z.object({ ...by, requestId: id, collectionId: id, requesterId: id }),
  /** An accepted edit replaced a published collection: its followers see a changed path. */
  "collection.changed": z.object({ ...by, collectionId: id, editorId: id, requestId: id }),
  "removal_request.created": z.object({ ...by, removalRequestId: id, companyId: id, teamId: id, accountId: id }),
  "removal_request.accepted": z.object({ ...by, removalRequestId: id, requesterId: id, companyId: id, accountId: id }),
  "removal_request.rejected": z.object({ ...by, removalRequestId: id, requesterId: id, companyId: id, accountId: id }),
  "invitation.sent": z.object({ ...by, invitationId: id, companyId: id }),
  "company.created": z.object({ ...by, companyId: id }),
  /** Also by a company's directory over SCIM: no account acted, so `actorId` is null. */
  "team.created": z.object({ actorId: id.nullable(), teamId: id }),
  "budget.set": z.object({ ...by, budgetId: id }),
  "budget.allocated": z.object({ ...by, budgetId: id, teamId: id }),
  /** An L&D leader took a catalog item out of discover and the copilot (or put it back). */
  "catalog_item.hidden": z.object({ ...by, companyId: id, contentId: id }),
  "catalog_item.unhidden": z.object({ ...by, companyId: id, contentId: id }),
  /**
   * Items new to a company's catalog from its content supply: the starter catalog, or a feed it
   * follows (`actorId`: who subscribed; null once their account is gone).
   */
  "catalog_items.added": z.object({ actorId: id.nullable(), companyId: id, count: id, source: z.enum(["starter", "feed"]) }),
  /** A duplicate merged into the item to keep: collections, saves and done marks now name `intoId`. */
  "catalog_item.merged": z.object({ ...by, companyId: id, contentId: id, intoId: id }),
  /** A certificate of completion issued to the person (`actorId`) for a path or plan they completed. */
  "certificate.issued": z.object({ ...by, certificateId: id, companyId: id, collectionId: id.nullable().describe("The path's, for a path certificate") }),
  /** hr revoked a certificate (`actorId`: who revoked; `accountId`: whose it is). */
  "certificate.revoked": z.object({ ...by, certificateId: id, companyId: id, accountId: id }),
  /**
   * The daily compliance job reminded people of a company of required learning on `day`: how many
   * reminders of a path due soon and of a certificate expiring soon it gave anew, and how many people
   * are overdue now. No actor (null): the schedule did it.
   */
  "compliance.reminded": z.object({
    actorId: z.null(),
    companyId: id,
    day: z.iso.date(),
    dueSoon: z.number().int().nonnegative(),
    expiring: z.number().int().nonnegative(),
    overdue: z.number().int().nonnegative(),
  }),
} as const;

export type DomainEventName = keyof typeof DOMAIN_EVENTS;
export type DomainEventPayload<N extends DomainEventName> = z.infer<(typeof DOMAIN_EVENTS)[N]>;
export type DomainEvent = { [N in DomainEventName]: { name: N; payload: DomainEventPayload<N> } }[DomainEventName];
export type Handler<N extends DomainEventName> = (tx: Executor, payload: DomainEventPayload<N>) => Promise<void>;

/**
 * One app's domain events: subscribing modules call `on` when the app is built; services `emit`
 * inside the transaction of the write. An instance per app (in the module context), so two apps in
 * one process (tests) never hear each other's events.
 */
export interface EventBus {
  /** Subscribes; answers how to take the handler off again (a test listening in). */
  on<N extends DomainEventName>(name: N, handler: Handler<N>): () => void;
  /**
   * Validates the payload and runs every subscriber, in order, in the emitter's transaction: a write
   * rolled back takes its side effects with it, and a subscriber's failure fails the write (a
   * subscriber that must never stand in the way catches its own errors).
   */
  emit<N extends DomainEventName>(tx: Executor, name: N, payload: DomainEventPayload<N>): Promise<void>;
}

export function createEventBus(): EventBus {
  const handlers = new Map<DomainEventName, Handler<never>[]>();
  return {
    on(name, handler) {
      let list = handlers.get(name);
      if (!list) handlers.set(name, (list = []));
      const added = handler as Handler<never>;
      list.push(added);
      return () => {
        handlers.set(
          name,
          (handlers.get(name) ?? []).filter((h) => h !== added),
        );
      };
    },
    async emit(tx, name, payload) {
      const parsed = DOMAIN_EVENTS[name].parse(payload) as typeof payload;
      for (const handler of handlers.get(name) ?? []) await (handler as Handler<typeof name>)(tx, parsed);
    },
  };
}

// Keyed by the transaction object itself: gone with it, and never shared between two transactions.
const memos = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * What `load` answers, once per transaction and key: a subscriber that many events of one
 * transaction reach (one person's batch of outside records) reads or does the same thing once.
 * Only inside a transaction: on the database handle itself (a one-statement write) it loads each time.
 */
export function perTransaction<T>(on: Executor, key: string, load: () => Promise<T>): Promise<T> {
  if (!("rollback" in on)) return load();
  let memo = memos.get(on);
  if (!memo) memos.set(on, (memo = new Map()));
  let found = memo.get(key) as Promise<T> | undefined;
  if (!found) memo.set(key, (found = load()));
  return found;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's domain events (tests listen in). */
    events: EventBus;
  }
}
