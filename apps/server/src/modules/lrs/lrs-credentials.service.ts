import { randomBytes, timingSafeEqual } from "node:crypto";
import { hashSecret } from "../../lib/secret-hash.ts";
import type { LrsCredential, LrsCredentialWithSecret } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import type { LrsCredentialRow } from "../../db/schema/index.ts";
import { type Actor, authorize } from "../../lib/actor.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { lrsPolicy } from "./lrs.policy.ts";
import type { LrsRepo } from "./lrs.repo.ts";

const newKey = () => `lwlrs_${randomBytes(9).toString("base64url")}`;
const newSecret = () => randomBytes(32).toString("base64url");
const iso = (d: Date | null) => d?.toISOString() ?? null;

const present = (row: LrsCredentialRow): LrsCredential => ({
  id: row.id,
  name: row.name,
  key: row.key,
  created_at: row.createdAt.toISOString(),
  rotated_at: iso(row.rotatedAt),
  revoked_at: iso(row.revokedAt),
  last_used_at: iso(row.lastUsedAt),
});

/** Who sends statements: the credential's company, and the credential as the statements' authority. */
export interface LrsCaller {
  companyId: number;
  credentialId: number;
  key: string;
  name: string;
}

const invalid = () =>
  new AppError("xapi_credential_invalid", 401, "A valid LRS key and secret are required (HTTP Basic)", undefined, { "www-authenticate": 'Basic realm="xAPI"' });

// A credential's last use is written at most this often, so a busy sender's reads stay reads.
const TOUCH_EVERY_MS = 60_000;

/** A company's LRS credentials: created and rotated (the secret shown once), renamed, revoked; every change audited. */
export function createLrsCredentialsService({ db, repo, clock }: { db: Db; repo: LrsRepo; clock: Clock }) {
  const own = async (actor: Actor, companyId: number, id: number) => {
    authorize(actor, lrsPolicy.manageCredentials, { companyId });
    const row = await repo.credential(companyId, id);
    if (!row) throw notFound("Credential");
    return row;
  };
  return {
    async list(actor: Actor, companyId: number) {
      authorize(actor, lrsPolicy.manageCredentials, { companyId });
      return (await repo.credentials(companyId)).map(present);
    },

    async create(actor: Actor, companyId: number, name: string): Promise<LrsCredentialWithSecret> {
      authorize(actor, lrsPolicy.manageCredentials, { companyId });
      const secret = newSecret();
      const row = await db.transaction(async (tx) => {
        const row = await repo.insertCredential(tx, { companyId, name, key: newKey(), secretHash: hashSecret(secret), createdBy: actor.accountId });
        await repo.recordAudit(tx, {
          actorId: actor.accountId,
          companyId,
          entity: "lrs_credential",
          entityId: row.id,
          action: "create",
          after: { name, key: row.key },
        });
        return row;
      });
      return { ...present(row), secret };
    },

    async rename(actor: Actor, companyId: number, id: number, name: string) {
      const before = await own(actor, companyId, id);
      return present(await db.transaction((tx) => repo.updateCredential(tx, before.id, { name })));
    },

    /** A new secret under the same key: the old one stops working in the same write. A revoked credential stays revoked. */
    async rotate(actor: Actor, companyId: number, id: number): Promise<LrsCredentialWithSecret> {
      const before = await own(actor, companyId, id);
      if (before.revokedAt) throw new AppError("xapi_credential_revoked", 409, "This credential is revoked: create a new one");
      const secret = newSecret();
      const row = await db.transaction(async (tx) => {
        const row = await repo.updateCredential(tx, before.id, { secretHash: hashSecret(secret), rotatedAt: clock.now() });
        await repo.recordAudit(tx, {
          actorId: actor.accountId,
          companyId,
          entity: "lrs_credential",
          entityId: row.id,
          action: "rotate",
          after: { key: row.key },
        });
        return row;
      });
      return { ...present(row), secret };
    },

    async revoke(actor: Actor, companyId: number, id: number) {
      const before = await own(actor, companyId, id);
      if (before.revokedAt) return present(before);
      const row = await db.transaction(async (tx) => {
        const row = await repo.updateCredential(tx, before.id, { revokedAt: clock.now() });
        await repo.recordAudit(tx, {
          actorId: actor.accountId,
          companyId,
          entity: "lrs_credential",
          entityId: row.id,
          action: "revoke",
          before: { name: row.name, key: row.key },
        });
        return row;
      });
      return present(row);
    },

    /** The sender of an xAPI call, from its `Authorization: Basic` header: 401 unknown or wrong secret, 403 revoked. */
    async caller(authorization: string | undefined): Promise<LrsCaller> {
      const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? "");
      if (!m) throw invalid();
      const decoded = Buffer.from(m[1]!, "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      if (colon < 0) throw invalid();
      const row = await repo.credentialByKey(decoded.slice(0, colon));
      if (!row) throw invalid();
      const given = Buffer.from(hashSecret(decoded.slice(colon + 1)), "hex");
      if (!timingSafeEqual(given, Buffer.from(row.secretHash, "hex"))) throw invalid();
      if (row.revokedAt) throw new AppError("xapi_credential_revoked", 403, "This LRS credential was revoked");
      const now = clock.now();
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) await repo.touchCredential(row.id, now);
      return { companyId: row.companyId, credentialId: row.id, key: row.key, name: row.name };
    },
  };
}
export type LrsCredentialsService = ReturnType<typeof createLrsCredentialsService>;
