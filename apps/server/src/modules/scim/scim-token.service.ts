import { randomBytes } from "node:crypto";
import { hashSecret } from "../../lib/secret-hash.ts";
import type { ScimTokenStatus } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { type Actor, authorize } from "../../lib/actor.ts";
import { scimPolicy } from "./scim.policy.ts";
import type { ScimRepo, ScimTokenRow } from "./scim.repo.ts";

const PREFIX_LENGTH = 12;

/** A company's SCIM token: created or rotated (shown once), revoked; every change audited. */
export function createScimTokenService({ db, repo, baseUrl }: { db: Db; repo: ScimRepo; baseUrl: string }) {
  const status = (row: ScimTokenRow | undefined): ScimTokenStatus => ({
    active: !!row,
    prefix: row?.prefix ?? null,
    created_at: row?.createdAt.toISOString() ?? null,
    last_used_at: row?.lastUsedAt?.toISOString() ?? null,
    base_url: baseUrl,
  });
  return {
    async read(actor: Actor, companyId: number) {
      authorize(actor, scimPolicy.manageToken, { companyId });
      return status(await repo.token(companyId));
    },
    /** A new token replaces the company's current one at once: rotation leaves no window with both. */
    async create(actor: Actor, companyId: number) {
      authorize(actor, scimPolicy.manageToken, { companyId });
      const before = await repo.token(companyId);
      const token = `lwscim_${randomBytes(32).toString("base64url")}`;
      const prefix = token.slice(0, PREFIX_LENGTH);
      const row = await db.transaction(async (tx) => {
        const row = await repo.saveToken(tx, companyId, { tokenHash: hashSecret(token), prefix, createdBy: actor.accountId });
        await repo.recordAudit(tx, {
          actorId: actor.accountId,
          companyId,
          entity: "scim_token",
          entityId: companyId,
          action: before ? "rotate" : "create",
          before: before ? { prefix: before.prefix } : null,
          after: { prefix },
        });
        return row;
      });
      return { ...status(row), token };
    },
    async revoke(actor: Actor, companyId: number) {
      authorize(actor, scimPolicy.manageToken, { companyId });
      const before = await repo.token(companyId);
      if (before)
        await db.transaction(async (tx) => {
          if (await repo.deleteToken(tx, companyId))
            await repo.recordAudit(tx, {
              actorId: actor.accountId,
              companyId,
              entity: "scim_token",
              entityId: companyId,
              action: "revoke",
              before: { prefix: before.prefix },
            });
        });
      return status(undefined);
    },
  };
}
export type ScimTokenService = ReturnType<typeof createScimTokenService>;
