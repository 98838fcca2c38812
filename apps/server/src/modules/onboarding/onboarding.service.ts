import type { FastifyBaseLogger } from "fastify";
import { onboardingTopicsFor, type OnboardingEvent } from "@learnward/contracts";
import type { Executor } from "../../lib/events.ts";
import { checklistOwner, entryKey, tickedEntries, upsertEntry } from "./onboarding.repo.ts";

/** Ticks these subtask events for the person who acted, in the action's transaction; failures go to `log`. */
export async function tick(log: Pick<FastifyBaseLogger, "warn">, tx: Executor, actorId: number, events: OnboardingEvent[]): Promise<void> {
  const [who, ticked] = await Promise.all([checklistOwner(tx, actorId), tickedEntries(tx, actorId)]);
  if (!who) return;
  // Only the subtasks this person is shown: the same list the panel draws.
  for (const topic of onboardingTopicsFor(who.role, who.teamId)) {
    for (const s of topic.subtasks) {
      // A subtask already ticked is not written again: the upsert would lock its row until the
      // action commits, and every save of a person ticks the same one (their saves would wait on it).
      if (!events.includes(s.event) || ticked.has(entryKey(topic.type, s.title))) continue;
      // spec §8: failures around onboarding are logged, never in the person's way; the savepoint
      // keeps a failed entry from aborting the action's transaction.
      await tx
        .transaction((sp) => upsertEntry(sp, actorId, { type: topic.type, title: s.title, ready: true }))
        .catch((err: unknown) => log.warn({ err }, "onboarding entry not recorded"));
    }
  }
}
