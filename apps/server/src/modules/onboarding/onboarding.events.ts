import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { onboardingTopicsFor, type OnboardingEvent } from "@learnward/contracts";
import { on, type DomainEventName, type DomainEventPayload, type Executor } from "../../lib/events.ts";
import { checklistOwner, upsertEntry } from "./onboarding.repo.ts";

const saved: OnboardingEvent[] = ["content.saved"];
const wishlisted: OnboardingEvent[] = ["content.saved", "wishlist.added"];

/**
 * The domain events that are the real actions of onboarding subtasks (spec §4: doing it posts the
 * entry), each with the subtask events it stands for. Every one ticks for the person who acted.
 */
const TICKS: { [N in DomainEventName]?: (e: DomainEventPayload<N>) => OnboardingEvent[] } = {
  // Every way into my library: a new save (a course lands on the wishlist, spec §4 Course status) or a course move.
  "content.saved": (e) => (e.courseStatus === "wishlist" ? wishlisted : saved),
  "content.wishlisted": () => wishlisted,
  "content.started": () => saved,
  "content.finished": () => saved,
  "plan.accepted": () => ["plan.accepted"],
  "collection.item_done": () => ["item.done"],
  "collection.followed": () => ["path.followed"],
  "collection.created": () => ["collection.created"],
  "collection.published": () => ["collection.published"],
  "purchase_request.created": () => ["purchase.requested"],
  "purchase_request.approved": () => ["purchase.decided"],
  "purchase_request.rejected": () => ["purchase.decided"],
  "invite_request.created": () => ["invite.requested"],
  "invite_request.accepted": () => ["invite.decided"],
  "invite_request.rejected": () => ["invite.decided"],
  "invitation.sent": () => ["invitation.sent"],
  "company.created": () => ["company.created"],
  "team.created": () => ["team.created"],
  "plan.assigned": () => ["plan.assigned"],
  "budget.set": () => ["budget.set"],
  "budget.allocated": () => ["budget.allocated"],
};

/** The app's logger: subscribers hold no other state, so the last app built in the process lends it. */
let log: Pick<FastifyBaseLogger, "warn"> = { warn: () => {} };

async function tick(tx: Executor, actorId: number, events: OnboardingEvent[]): Promise<void> {
  const who = await checklistOwner(tx, actorId);
  if (!who) return;
  // Only the subtasks this person is shown: the same list the panel draws.
  for (const topic of onboardingTopicsFor(who.role, who.teamId)) {
    for (const s of topic.subtasks) {
      if (!events.includes(s.event)) continue;
      // spec §8: failures around onboarding are logged, never in the person's way; the savepoint
      // keeps a failed entry from aborting the action's transaction.
      await tx.transaction((sp) => upsertEntry(sp, actorId, { type: topic.type, title: s.title, ready: true })).catch((err: unknown) => log.warn({ err }, "onboarding entry not recorded"));
    }
  }
}

const handlers = Object.fromEntries(
  Object.entries(TICKS).map(([name, eventsOf]) => [name, (tx: Executor, e: { actorId: number }) => tick(tx, e.actorId, (eventsOf as (e: unknown) => OnboardingEvent[])(e))]),
);

/** Onboarding ticks its checklists from the domain events (lib/events.ts), in the action's transaction. */
export function subscribeOnboarding(logger?: Pick<FastifyBaseLogger, "warn">): void {
  if (logger) log = logger;
  for (const [name, handler] of Object.entries(handlers)) on(name as DomainEventName, handler);
}

export default fp(
  async function onboardingEvents(app: FastifyInstance) {
    subscribeOnboarding(app.log);
  },
  { name: "onboarding-events" },
);
