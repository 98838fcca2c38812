import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { onboardingTopicsFor, type OnboardingEvent } from "@learnward/contracts";
import type { OnboardingRepo } from "./onboarding.repo.ts";

type Answer = { course_status?: unknown; content?: { course_status?: unknown } } | undefined;

/** A saved item answered as a course on the wishlist: a course save lands there (spec §4 Course status). */
const onWishlist = (answer: Answer) => answer?.course_status === "wishlist" || answer?.content?.course_status === "wishlist";
const saved = (answer: Answer): OnboardingEvent[] => (onWishlist(answer) ? ["content.saved", "wishlist.added"] : ["content.saved"]);

/**
 * The successful calls that are the real actions of onboarding subtasks (spec §4: doing it posts
 * the entry), each with the events it stands for given its answer.
 */
const EVENTS: Record<string, (answer: Answer, body: { done?: unknown } | undefined) => OnboardingEvent[]> = {
  // Every way into my library: the save form and extension, a folder's "add", a course move that saves.
  "POST /api/contentuser/save": saved,
  "POST /api/user/folder_relation/create_content": saved,
  "POST /api/user/courses": saved,
  "POST /api/user/wishlist": () => ["content.saved", "wishlist.added"],
  "POST /api/b2b/v1/my-tasks/:id/accept": () => ["plan.accepted"],
  "POST /api/b2b/v1/collections/:id/progress": (_, body) => (body?.done === true ? ["item.done"] : []),
  "POST /api/b2b/v1/collections/:id/follow": () => ["path.followed"],
  "POST /api/b2b/v1/collections": () => ["collection.created"],
  "POST /api/b2b/v1/purchase-requests": () => ["purchase.requested"],
  "POST /api/b2b/v1/purchase-requests/:id/approve": () => ["purchase.decided"],
  "POST /api/b2b/v1/purchase-requests/:id/reject": () => ["purchase.decided"],
  "POST /api/b2b/v1/invite-requests": () => ["invite.requested"],
  "POST /api/b2b/v1/invite-requests/:id/accept": () => ["invite.decided"],
  "POST /api/b2b/v1/invite-requests/:id/reject": () => ["invite.decided"],
  "POST /api/b2b/v1/invitations": () => ["invitation.sent"],
  "POST /api/b2b/v1/admin/companies/:id/invitations": () => ["invitation.sent"],
  "POST /api/b2b/v1/admin/companies": () => ["company.created"],
  "POST /api/b2b/v1/teams": () => ["team.created"],
  "POST /api/b2b/v1/plans": () => ["plan.assigned"],
  "POST /api/b2b/v1/plans/:id/assignees": () => ["plan.assigned"],
  "POST /api/b2b/v1/budgets": () => ["budget.set"],
  "POST /api/b2b/v1/budgets/:id/allocations": () => ["budget.allocated"],
  "POST /api/b2b/v1/publish-requests/:id/accept": () => ["collection.published"],
};

function parse(payload: unknown): Answer {
  if (typeof payload !== "string") return undefined;
  try {
    return JSON.parse(payload) as Answer;
  } catch {
    return undefined;
  }
}

export default fp(
  async function onboardingEvents(app: FastifyInstance, opts: { repo: OnboardingRepo }) {
    // onSend, not onResponse: the entry is written before the answer leaves, so the client's next
    // look at its progress (spec §4: posting reloads progress) already sees it.
    app.addHook("onSend", async (req, reply, payload) => {
      const eventsOf = EVENTS[`${req.method} ${req.routeOptions.url}`];
      const actor = req.actor;
      if (!eventsOf || !actor || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
      const events = eventsOf(parse(payload), req.body as { done?: unknown } | undefined);
      if (!events.length) return payload;
      // Only the subtasks this person is shown: the same list the panel draws.
      for (const topic of onboardingTopicsFor(actor.role, actor.teamId)) {
        for (const s of topic.subtasks) {
          if (!events.includes(s.event)) continue;
          // spec §8: failures around onboarding are logged, never in the person's way.
          await opts.repo.upsert(actor.accountId, { type: topic.type, title: s.title, ready: true }).catch((err) => req.log.warn({ err }, "onboarding entry not recorded"));
        }
      }
      return payload;
    });
  },
  { name: "onboarding-events" },
);
