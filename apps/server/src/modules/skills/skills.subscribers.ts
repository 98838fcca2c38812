import type { EventBus } from "../../lib/events.ts";
import type { SkillsService } from "./skills.service.ts";

/** Completions are evidence: skills listens for them (lib/events.ts) and records what each proves, in the completion's transaction. */
export function subscribeSkills({ on }: Pick<EventBus, "on">, service: Pick<SkillsService, "recordEvidence" | "pathEvidence" | "planEvidence">): void {
  on("collection.completed", async (tx, e) => {
    const evidence = await service.pathEvidence(tx, e.actorId, e.collectionId);
    if (evidence) await service.recordEvidence(tx, evidence);
  });
  on("plan.completed", async (tx, e) => {
    const evidence = await service.planEvidence(tx, e.actorId, e.planId);
    if (evidence) await service.recordEvidence(tx, evidence);
  });
}
