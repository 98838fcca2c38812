import type { FastifyBaseLogger } from "fastify";
import { onboardingTopicsFor, type OnboardingEvent } from "@learnward/contracts";
import type { Executor } from "../../lib/events.ts";
import { checklistOwner, upsertEntry } from "./onboarding.repo.ts";

/** Ticks these subtask events for the person who acted, in the action's transaction; failures go to `log`. */
export async function tick(log: Pick<FastifyBaseLogger, "warn">, tx: Executor, actorId: number, events: OnboardingEvent[]): Promise<void> {
  const who = await checklistOwner(tx, actorId);
  if (!who) return;
  // Only the subtasks this person is shown: the same list the panel draws.
  for (const topic of onboardingTopicsFor(who.role, who.teamId)) {
    for (const s of topic.subtasks) {
      if (!events.includes(s.event)) continue;
      // spec §8: failures around onboarding are logged, never in the person's way; the savepoint
      // keeps a failed entry from aborting the action's transaction.
      await tx
        .transaction((sp) => upsertEntry(sp, actorId, { type: topic.type, title: s.title, ready: true }))
        .catch((err: unknown) => log.warn({ err }, "onboarding entry not recorded"));
    }
  }
}
