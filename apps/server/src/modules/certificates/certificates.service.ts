import sharp from "sharp";
import type { Certificate, PublicCertificate } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import type { CertificateRow } from "../../db/schema/index.ts";
import { type Actor, authorize, requireCompany } from "../../lib/actor.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { EventBus, Executor } from "../../lib/events.ts";
import type { SafeFetch } from "../../lib/safe-fetch.ts";
import { certificatesPolicy } from "./certificates.policy.ts";
import { certificateStatus } from "./certificates.status.ts";
import { renderCertificatePdf } from "./certificates.pdf.ts";
import type { CertificatesRepo, Completion } from "./certificates.repo.ts";

const LOGO_LIMITS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 5000, accept: "image/png,image/jpeg,image/webp,image/*;q=0.8" };

export function createCertificatesService(d: { db: Db; events: EventBus; repo: CertificatesRepo; clock: Clock; publicUrl: string; fetch: SafeFetch }) {
  const { repo } = d;
  const verifyUrl = (code: string) => `${d.publicUrl}/verify/${code}`;

  const presentPublic = (c: CertificateRow): PublicCertificate => ({
    code: c.code,
    kind: c.kind,
    title: c.title,
    recipient_name: c.recipientName,
    issuer_name: c.issuerName,
    skills: c.skills,
    completed_at: c.completedAt.toISOString(),
    issued_at: c.createdAt.toISOString(),
    expires_at: c.expiresAt?.toISOString() ?? null,
    revoked_at: c.revokedAt?.toISOString() ?? null,
    status: certificateStatus(c, d.clock.now()),
  });
  const present = (actor: Actor, c: CertificateRow): Certificate => ({
    ...presentPublic(c),
    id: c.id,
    account_id: c.accountId,
    locale: c.locale,
    revoke_reason: c.revokeReason,
    verify_url: verifyUrl(c.code),
    pdf_url: `${d.publicUrl}/api/b2b/v1/certificates/${c.id}/pdf`,
    abilities: certificatesPolicy.abilities(actor, c),
  });

  /** Another company's certificate, or someone else's for a colleague who is not hr: 404, as if there were none. */
  async function load(actor: Actor, id: number) {
    const c = await repo.byId(id);
    if (!c) throw notFound("Certificate");
    authorize(actor, certificatesPolicy.read, c, "not_found");
    return c;
  }

  /** The company's logo as bytes pdfkit draws (PNG or JPEG), or null: a logo that cannot be read is left out. */
  async function logoOf(companyId: number): Promise<Buffer | null> {
    const url = await repo.companyLogo(companyId);
    if (!url) return null;
    try {
      const res = await d.fetch(url, LOGO_LIMITS);
      if (res.status !== 200) return null;
      if (res.contentType === "image/png" || res.contentType === "image/jpeg") return res.body;
      return await sharp(res.body).png().toBuffer();
    } catch {
      return null;
    }
  }

  return {
    present,
    presentPublic,

    /**
     * Issues the person's certificate for what they completed, in the completion's transaction,
     * once: completing again, or the same event heard twice, issues nothing more.
     */
    async issue(tx: Executor, accountId: number, completion: Completion) {
      const issued = await repo.issue(tx, accountId, completion);
      if (!issued) return;
      const collectionId = completion.kind === "path" ? completion.collectionId : null;
      await d.events.emit(tx, "certificate.issued", { actorId: accountId, certificateId: issued.id, companyId: issued.companyId, collectionId });
    },

    load,

    /**
     * Makes a path certificate expire `months` after its completion, in the caller's transaction:
     * what a requirement to complete the path again every `months` decides (compliance).
     */
    expireAfter: (tx: Executor, certificateId: number, months: number) => repo.expireAfter(tx, certificateId, months),

    /** Re-dates the current certificates of a path for a changed recurrence (compliance), in the caller's transaction. */
    redate: (tx: Executor, companyId: number, collectionId: number, holders: { accountId: number; months: number | null }[]) =>
      repo.redate(tx, companyId, collectionId, holders),

    /** Someone's certificates: the caller's own unless they name another person (hr of the company only). */
    async listOf(actor: Actor, whose: { account?: number; username?: string }, page: { limit: number; offset: number }) {
      if (whose.account !== undefined && whose.username !== undefined) throw badRequest("Name the person by account or by username, not both");
      const person =
        whose.account !== undefined
          ? await repo.account(whose.account)
          : whose.username !== undefined
            ? await repo.accountByUsername(requireCompany(actor), whose.username)
            : { id: actor.accountId, companyId: actor.companyId };
      if (!person) throw notFound("Account");
      authorize(actor, certificatesPolicy.listOf, person, "not_found");
      return repo.listOf(person.id, page);
    },

    /** What the certificate with this code states, for anyone holding the code. */
    async verify(code: string) {
      const c = await repo.byCode(code.toUpperCase());
      if (!c) throw notFound("Certificate");
      return presentPublic(c);
    },

    /** The certificate as a PDF in the language it was issued in. */
    async pdf(actor: Actor, id: number, opts: { compress?: boolean } = {}) {
      const c = await load(actor, id);
      const pdf = await renderCertificatePdf(
        {
          locale: c.locale,
          issuerName: c.issuerName,
          recipientName: c.recipientName,
          kind: c.kind,
          title: c.title,
          skills: c.skills,
          completedAt: c.completedAt,
          code: c.code,
          verifyUrl: verifyUrl(c.code),
          logo: await logoOf(c.companyId),
        },
        opts,
      );
      return { pdf, filename: `certificate-${c.code}.pdf` };
    },

    /** hr takes a certificate back, with the reason: audited, and announced as `certificate.revoked`. */
    async revoke(actor: Actor, id: number, reason: string) {
      const c = await load(actor, id);
      authorize(actor, certificatesPolicy.revoke, c);
      const revoked = await d.db.transaction(async (tx) => {
        const row = await repo.revoke(tx, c.id, { by: actor.accountId, reason, at: d.clock.now() });
        if (!row) throw conflict("certificate_already_revoked", "This certificate has already been revoked");
        await repo.recordAudit(tx, {
          actorId: actor.accountId,
          companyId: row.companyId,
          entity: "certificate",
          entityId: row.id,
          action: "revoke",
          reason,
          before: { status: certificateStatus(c, d.clock.now()) },
          after: { status: "revoked", code: row.code, account_id: row.accountId, title: row.title },
        });
        await d.events.emit(tx, "certificate.revoked", { actorId: actor.accountId, certificateId: row.id, companyId: row.companyId, accountId: row.accountId });
        return row;
      });
      return present(actor, revoked);
    },
  };
}
export type CertificatesService = ReturnType<typeof createCertificatesService>;
