import { randomBytes } from "node:crypto";
import { hashSecret } from "../../lib/secret-hash.ts";
import { ACCESS_TOKEN_PREFIX, type AccessToken, type CreateAccessTokenResponse } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { type Actor, authorize } from "../../lib/actor.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { identityPolicy } from "./identity.policy.ts";
import type { AccessTokenRow, AccessTokensRepo } from "./access-tokens.repo.ts";

/** 32 random bytes, base64url: what follows the prefix in every token. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;
/** Enough to tell one's tokens apart, far too little to guess the rest. */
const PREFIX_LENGTH = ACCESS_TOKEN_PREFIX.length + 4;
/** A token's last use is written at most this often, so reads through it stay reads. */
const TOUCH_EVERY_MS = 60_000;

/** Is this bearer value meant as a personal access token (rather than a session)? */
export const isAccessToken = (bearer: string) => bearer.startsWith(ACCESS_TOKEN_PREFIX);

const present = (row: AccessTokenRow): AccessToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  expires_at: row.expiresAt?.toISOString() ?? null,
});

const invalid = () => new AppError("access_token_invalid", 401, "This access token is not valid: it was revoked or never existed");

/** A person's own tokens: made (shown once), listed, revoked, and resolved on each request that carries one. */
export function createAccessTokensService({ db, repo, clock }: { db: Db; repo: AccessTokensRepo; clock: Clock }) {
  return {
    async list(actor: Actor): Promise<AccessToken[]> {
      authorize(actor, identityPolicy.manageAccessTokens, { accountId: actor.accountId });
      return (await repo.listOf(actor.accountId)).map(present);
    },

    async create(actor: Actor, input: { name: string; expires_in_days: number | null }): Promise<CreateAccessTokenResponse> {
      authorize(actor, identityPolicy.manageAccessTokens, { accountId: actor.accountId });
      const token = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
      const expiresAt = input.expires_in_days === null ? null : new Date(clock.now().getTime() + input.expires_in_days * 86_400_000);
      const row = await db.transaction(async (tx) => {
        const row = await repo.insert(tx, {
          accountId: actor.accountId,
          name: input.name,
          tokenHash: hashSecret(token),
          prefix: token.slice(0, PREFIX_LENGTH),
          expiresAt,
        });
        await repo.recordAudit(tx, {
          actorId: actor.accountId,
          companyId: actor.companyId,
          entity: "access_token",
          entityId: row.id,
          action: "create",
          after: { name: row.name, prefix: row.prefix, expires_at: row.expiresAt?.toISOString() ?? null },
        });
        return row;
      });
      return { ...present(row), token };
    },

    /** Another person's token answers like one that does not exist. */
    async revoke(actor: Actor, id: number): Promise<void> {
      authorize(actor, identityPolicy.manageAccessTokens, { accountId: actor.accountId });
      const gone = await db.transaction(async (tx) => {
        const gone = await repo.deleteOf(tx, actor.accountId, id);
        if (gone)
          await repo.recordAudit(tx, {
            actorId: actor.accountId,
            companyId: actor.companyId,
            entity: "access_token",
            entityId: gone.id,
            action: "revoke",
            before: { name: gone.name, prefix: gone.prefix },
          });
        return gone;
      });
      if (!gone) throw notFound("Access token");
    },

    /**
     * The person a token opens requests for, with their company; a 401 with the token's own code when
     * it is unknown, revoked or expired. Whether the person may still act is the caller's question.
     */
    async resolve(token: string) {
      if (!isAccessToken(token) || !SECRET.test(token.slice(ACCESS_TOKEN_PREFIX.length))) throw invalid();
      const found = await repo.byHash(hashSecret(token));
      if (!found) throw invalid();
      const now = clock.now();
      if (found.token.expiresAt && found.token.expiresAt.getTime() <= now.getTime()) {
        throw new AppError("access_token_expired", 401, "This access token has expired: make a new one in Settings");
      }
      const notBefore = new Date(now.getTime() - TOUCH_EVERY_MS);
      if (!found.token.lastUsedAt || found.token.lastUsedAt.getTime() <= notBefore.getTime()) await repo.touch(found.token.id, now, notBefore);
      return { tokenId: found.token.id, account: found.account, company: found.company };
    },
  };
}
export type AccessTokensService = ReturnType<typeof createAccessTokensService>;
