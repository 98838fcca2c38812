import type { EventBus } from "../../lib/events.ts";
import type { ComplianceService } from "./compliance.service.ts";

/** A path certificate issued may have to expire: when the path is required again every N months. */
export function subscribeCompliance({ on }: Pick<EventBus, "on">, service: ComplianceService): void {
  on("certificate.issued", async (tx, e) => {
    if (e.collectionId !== null) await service.certificateIssued(tx, e.actorId, e.certificateId, e.collectionId);
  });
}
