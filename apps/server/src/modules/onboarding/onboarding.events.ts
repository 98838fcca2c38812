import type { FastifyBaseLogger } from "fastify";
import type { OnboardingEvent } from "@learnward/contracts";
import { type DomainEventName, type DomainEventPayload, type EventBus, type Executor, perTransaction } from "../../lib/events.ts";
import { tick } from "./onboarding.service.ts";

const saved: OnboardingEvent[] = ["content.saved"];
const wishlisted: OnboardingEvent[] = ["content.saved", "wishlist.added"];

/**
 * The domain events that are the real actions of onboarding subtasks (spec §4: doing it posts the
 * entry), each with the subtask events it stands for. Every one ticks for the person who acted.
 */
const TICKS: { [N in DomainEventName]?: (e: DomainEventPayload<N>) => OnboardingEvent[] } = {
  // Every way into my library: a new save (a course lands on the wishlist, spec §4 Course status) or a course move.
  "content.saved": (e) => (e.courseStatus === "wishlist" ? wishlisted : saved),
  "content.imported": (e) => (e.wishlisted ? wishlisted : saved),
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

/** Onboarding ticks its checklists from the domain events (lib/events.ts), in the action's transaction. */
export function subscribeOnboarding(events: EventBus, log: Pick<FastifyBaseLogger, "warn">): void {
  for (const [name, eventsOf] of Object.entries(TICKS)) {
    // A system actor (a directory's SCIM token) has no checklist to tick.
    events.on(name as DomainEventName, async (tx: Executor, e: { actorId: number | null }) => {
      if (e.actorId === null) return;
      const ticks = (eventsOf as (e: unknown) => OnboardingEvent[])(e);
      // The same ticks for the same person again in one transaction (a batch of their items) change nothing.
      await perTransaction(tx, `onboarding:${e.actorId}:${ticks.join(",")}`, () => tick(log, tx, e.actorId!, ticks));
    });
  }
}
