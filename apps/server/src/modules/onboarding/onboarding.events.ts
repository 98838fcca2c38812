import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { ONBOARDING_TOPICS, onboardingSetFor, type OnboardingEvent } from "@learnward/contracts";
import type { OnboardingRepo } from "./onboarding.repo.ts";

/** The successful calls that are the real actions of onboarding subtasks (spec §4: doing it posts the entry). */
const EVENTS: Record<string, OnboardingEvent> = {
  "POST /api/contentuser/save": "content.saved",
  "POST /api/user/wishlist": "wishlist.added",
  "POST /api/b2b/v1/my-tasks/:id/accept": "plan.accepted",
  "POST /api/b2b/v1/collections/:id/progress": "item.done",
  "POST /api/b2b/v1/collections/:id/follow": "path.followed",
  "POST /api/b2b/v1/collections": "collection.created",
  "POST /api/b2b/v1/purchase-requests": "purchase.requested",
  "POST /api/b2b/v1/invite-requests": "invite.requested",
  "POST /api/b2b/v1/purchase-requests/:id/approve": "purchase.approved",
  "POST /api/b2b/v1/purchase-requests/:id/reject": "purchase.approved",
  "POST /api/b2b/v1/plans": "plan.assigned",
  "POST /api/b2b/v1/budgets": "budget.set",
  "POST /api/b2b/v1/budgets/:id/allocations": "budget.allocated",
  "POST /api/b2b/v1/publish-requests/:id/accept": "collection.published",
};

export default fp(
  async function onboardingEvents(app: FastifyInstance, opts: { repo: OnboardingRepo }) {
    // onSend, not onResponse: the entry is written before the answer leaves, so the client's next
    // look at its progress (spec §4: posting reloads progress) already sees it.
    app.addHook("onSend", async (req, reply, payload) => {
      const event = EVENTS[`${req.method} ${req.routeOptions.url}`];
      const actor = req.actor;
      if (!event || !actor || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
      if (event === "item.done" && (req.body as { done?: unknown } | undefined)?.done !== true) return payload;
      for (const topic of ONBOARDING_TOPICS[onboardingSetFor(actor.role)]) {
        for (const s of topic.subtasks) {
          if (s.event !== event) continue;
          // spec §8: failures around onboarding are logged, never in the person's way.
          await opts.repo.upsert(actor.accountId, { type: topic.type, title: s.title, ready: true }).catch((err) => req.log.warn({ err }, "onboarding entry not recorded"));
        }
      }
      return payload;
    });
  },
  { name: "onboarding-events" },
);
