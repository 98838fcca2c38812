import type { CertificateStatus } from "@learnward/contracts";
import type { CertificateRow } from "../../db/schema/index.ts";

/** What a certificate's status is now. Revoked wins over expired: hr took it back, whatever its date says. */
export const certificateStatus = (c: Pick<CertificateRow, "revokedAt" | "expiresAt">, now: Date): CertificateStatus =>
  c.revokedAt ? "revoked" : c.expiresAt && c.expiresAt <= now ? "expired" : "valid";
