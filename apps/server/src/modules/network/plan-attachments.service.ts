import { AppError } from "../../lib/errors.ts";
import { type Actor, requireCompany } from "../../lib/actor.ts";
import type { Db } from "../../db/client.ts";
import type { EventBus } from "../../lib/events.ts";
import type { ContentService } from "../library/index.ts";
import { networkPolicy } from "./network.policy.ts";
import type { PlansRepo } from "./plans.repo.ts";
import type { PlansService } from "./plans.service.ts";

/**
 * Items of a person's own library counted towards a skill of a plan they hold: finishing one moves
 * that plan's progress, the team's skills matrix and insights like the plan's own items.
 */
export function createPlanAttachmentsService(d: { db: Db; events: EventBus; plans: PlansRepo; planService: PlansService; content: ContentService }) {
  /** The plans the person holds, with their status, as the rule and the answer need them. */
  async function held(actor: Actor) {
    return (await d.planService.plansOf([actor.accountId]))(actor.accountId);
  }

  /** The plans an item may count towards: those the person holds that are still open, with their skills. */
  const optionsOf = (actor: Actor, plans: Awaited<ReturnType<typeof held>>) =>
    plans
      .filter((p) => networkPolicy.countTowardsPlan(actor, p))
      .map((p) => ({ plan: { id: p.plan.id, title: p.plan.title, deadline: p.plan.deadline }, skills: Object.keys(p.plan.skills).sort() }));

  async function of(actor: Actor, id: number) {
    requireCompany(actor);
    const item = await d.content.mine(actor, id);
    const [plans, attached] = await Promise.all([held(actor), d.plans.attachmentsOfItem(actor.accountId, item.contentId)]);
    return { item, plans, answer: { attached, options: optionsOf(actor, plans) } };
  }

  /** The answer after counting an item towards an open plan: its links read again; adding an item leaves every plan as open as it was. */
  const answerAfterAttach = async (actor: Actor, contentId: number, plans: Awaited<ReturnType<typeof held>>) => ({
    attached: await d.plans.attachmentsOfItem(actor.accountId, contentId),
    options: optionsOf(actor, plans),
  });

  return {
    /** The open plans I hold and their skills: where an item I am about to save may count. */
    async options(actor: Actor) {
      requireCompany(actor);
      return optionsOf(actor, await held(actor));
    },

    /** Where one item of my library counts, and where it could. */
    async forItem(actor: Actor, id: number) {
      return (await of(actor, id)).answer;
    },

    /** Counts my item towards one skill of a plan I hold and that is still open. */
    async attach(actor: Actor, id: number, b: { plan_id: number; skill: string }) {
      const { item, plans } = await of(actor, id);
      const plan = plans.find((p) => p.plan.id === b.plan_id);
      if (!plan) throw new AppError("not_found", 404, "Plan not found");
      if (!networkPolicy.countTowardsPlan(actor, plan)) throw new AppError("plan_not_open", 409, `This plan is ${plan.status}`, { status: plan.status });
      const skill = b.skill.trim().toLowerCase();
      const skills = Object.keys(plan.plan.skills).sort();
      if (!skills.includes(skill)) throw new AppError("invalid_plan_skill", 400, "The plan has no such skill", { skills });
      await d.db.transaction((tx) => d.plans.attach(tx, { planId: plan.plan.id, accountId: actor.accountId, contentId: item.contentId, skill }));
      return answerAfterAttach(actor, item.contentId, plans);
    },

    /** Stops counting my item towards a plan (whatever its state: taking it out is always allowed). */
    async detach(actor: Actor, id: number, planId: number) {
      const { item } = await of(actor, id);
      const gone = await d.db.transaction(async (tx) => {
        const detached = await d.plans.detach(tx, { planId, accountId: actor.accountId, contentId: item.contentId });
        if (detached) await d.events.emit(tx, "plan.item_detached", { actorId: actor.accountId, planId, contentId: item.contentId });
        return detached;
      });
      if (!gone) throw new AppError("not_found", 404, "This item does not count towards that plan");
      // Read again: taking out an item not yet done can finish a plan, which then is no longer offered.
      return (await of(actor, id)).answer;
    },
  };
}
export type PlanAttachmentsService = ReturnType<typeof createPlanAttachmentsService>;
