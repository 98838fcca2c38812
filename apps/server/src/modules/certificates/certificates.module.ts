import type { Module, ModuleContext } from "../module.ts";
import { createCertificatesRepo } from "./certificates.repo.ts";
import { certificatesRoutes } from "./certificates.routes.ts";
import { createCertificatesService } from "./certificates.service.ts";
import { subscribeCertificates } from "./certificates.subscribers.ts";

/** Certificates of completion: issued when a path or plan is completed, verified publicly by code, revoked by hr. */
export function certificatesModule(ctx: ModuleContext) {
  const service = createCertificatesService({
    db: ctx.database.db,
    events: ctx.events,
    repo: createCertificatesRepo(ctx.database.db),
    clock: ctx.clock,
    publicUrl: ctx.config.publicUrl,
    fetch: ctx.fetch,
  });
  subscribeCertificates(ctx.events, service);
  return {
    name: "certificates",
    service,
    plugin: async (app) => {
      await app.register(certificatesRoutes, { service });
    },
  } satisfies Module & Record<string, unknown>;
}
