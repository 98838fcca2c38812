import type { FastifyBaseLogger } from "fastify";
import { onboardingTopicsFor, type OnboardingEvent } from "@learnward/contracts";
import type { Executor } from "../../lib/events.ts";
import type { Db } from "../../db/client.ts";
import { checklistOwner, doneInData, entryKey, tickedEntries, upsertEntry, type OnboardingRepo } from "./onboarding.repo.ts";

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

/**
 * spec §4: a step is done when the person has done the thing, whenever they did it. Events tick
 * steps as they happen; this ticks what the data shows was done without one (before the
 * checklist existed, through an import, the extension or a directory). Once every step is ticked
 * it reads nothing more.
 */
export async function catchUp(log: Pick<FastifyBaseLogger, "warn">, tx: Executor, accountId: number): Promise<void> {
  const [who, ticked] = await Promise.all([checklistOwner(tx, accountId), tickedEntries(tx, accountId)]);
  if (!who) return;
  const open = onboardingTopicsFor(who.role, who.teamId).flatMap((topic) =>
    topic.subtasks.filter((s) => !ticked.has(entryKey(topic.type, s.title))).map((s) => s.event),
  );
  const done = await doneInData(tx, accountId, open);
  if (done.length > 0) await tick(log, tx, accountId, done);
}

/** My checklist's entries, with what my data shows done ticked first. */
export function createOnboardingService(d: { db: Db; repo: OnboardingRepo; log: Pick<FastifyBaseLogger, "warn"> }) {
  return {
    async list(accountId: number, limit: number, offset: number) {
      await d.db.transaction((tx) => catchUp(d.log, tx, accountId));
      return d.repo.list(accountId, limit, offset);
    },
    upsert: d.repo.upsert,
  };
}
export type OnboardingService = ReturnType<typeof createOnboardingService>;
