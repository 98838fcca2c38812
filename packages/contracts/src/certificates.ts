import { z } from "zod";
import { IdText, PageQuery } from "./common.ts";

/**
 * Certificates of completion: issued once when a person completes a learning path or an upskilling
 * plan. What one states is frozen when it is issued; its status is read when it is asked for.
 */
export const CertificateStatus = z
  .enum(["valid", "revoked", "expired"])
  .describe("valid; revoked by the company's hr; expired once its expiry date has passed");
export type CertificateStatus = z.infer<typeof CertificateStatus>;
export const CertificateKind = z.enum(["path", "plan"]).describe("What was completed: a learning path or an upskilling plan");
export type CertificateKind = z.infer<typeof CertificateKind>;

/** A certificate's verification code as it appears in its path: letters and digits, case ignored. */
export const CertificateCodeParam = z.object({
  code: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, "Letters and digits only")
    .describe("The code printed on the certificate"),
});

/** What a certificate states, as anyone holding its code may read it: nothing else about the person. */
export const PublicCertificate = z.object({
  code: z.string(),
  kind: CertificateKind,
  title: z.string().describe("The path's or plan's title when it was issued"),
  recipient_name: z.string().describe("The person's name when it was issued"),
  issuer_name: z.string().describe("The company that issued it"),
  skills: z.array(z.string()),
  completed_at: z.string(),
  issued_at: z.string(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  status: CertificateStatus,
});
export type PublicCertificate = z.infer<typeof PublicCertificate>;

export const Certificate = PublicCertificate.extend({
  id: z.number().int(),
  account_id: z.number().int(),
  locale: z.enum(["en", "es"]).describe("The language its PDF is written in (the person's when it was issued)"),
  revoke_reason: z.string().nullable(),
  verify_url: z.string().describe("The public page that confirms it"),
  pdf_url: z.string().describe("Where the person and their company's hr download the PDF"),
  abilities: z.object({ download: z.boolean(), revoke: z.boolean() }),
});
export type Certificate = z.infer<typeof Certificate>;

export const CertificatesQuery = PageQuery.extend({
  account: IdText.optional().describe("Whose certificates (yourself unless given; hr may name anyone of the company)"),
  username: z.string().trim().min(1).max(150).optional().describe("Whose certificates, by their username in the company (as a profile's address names them)"),
});
export type CertificatesQuery = z.infer<typeof CertificatesQuery>;

export const RevokeCertificateRequest = z
  .object({ reason: z.string().trim().min(1).max(500).describe("Why it no longer stands; kept in the audit trail") })
  .strict();
export type RevokeCertificateRequest = z.infer<typeof RevokeCertificateRequest>;
