import type { EventBus } from "../../lib/events.ts";
import type { CertificatesService } from "./certificates.service.ts";

/** A completed learning path or upskilling plan earns its certificate, in the completion's transaction. */
export function subscribeCertificates({ on }: Pick<EventBus, "on">, service: CertificatesService): void {
  on("collection.completed", (tx, e) => service.issue(tx, e.actorId, { kind: "path", collectionId: e.collectionId }));
  on("plan.completed", (tx, e) => service.issue(tx, e.actorId, { kind: "plan", planId: e.planId }));
}
