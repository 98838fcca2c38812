import { z } from "zod";
import { IdText, PageQuery, Paginated } from "./common.ts";

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

// Compliance lives beside certificates: a requirement that recurs is what makes a path's certificate expire
// (and one contracts file less keeps the web app's first load within its budget).

/**
 * Compliance: a learning path the L&D leader requires of some teams and/or roles, to be completed
 * within a window of days, once or again every N months (the certificate of each completion then
 * expires at the end of its cycle).
 */
export const COMPLIANCE_ROLES = ["hr", "ldleader", "teamleader", "member"] as const;

/** Where a person stands on one required path. */
export const ComplianceStatus = z
  .enum(["on_time", "due", "overdue", "expired"])
  .describe("on_time: completed and not expired; due: open and not yet past its due date; overdue: open and past it; expired: the completion's cycle is over");
export type ComplianceStatus = z.infer<typeof ComplianceStatus>;

const requirementFields = {
  team_ids: z.array(z.number().int().positive()).max(500).describe("Teams of the company whose members must complete the path"),
  roles: z.array(z.enum(COMPLIANCE_ROLES)).max(COMPLIANCE_ROLES.length).describe("Roles whose holders must complete the path"),
  due_days: z.number().int().min(1).max(3650).describe("Days a person has to complete the path once it is required of them"),
  every_months: z
    .number()
    .int()
    .min(1)
    .max(120)
    .nullable()
    .describe("null: once; otherwise the completion holds this many months (12: yearly) and the certificate expires then"),
};
const hasAudience = (r: { team_ids?: number[]; roles?: string[] }) => (r.team_ids?.length ?? 0) + (r.roles?.length ?? 0) > 0;
const AUDIENCE_MESSAGE = { message: "Name at least one team or role", path: ["team_ids"] };

export const CreateComplianceRequirementRequest = z
  .object({ collection_id: z.number().int().positive().describe("The published learning path required"), ...requirementFields })
  .refine(hasAudience, AUDIENCE_MESSAGE);
export type CreateComplianceRequirementRequest = z.infer<typeof CreateComplianceRequirementRequest>;

export const UpdateComplianceRequirementRequest = z
  .object(requirementFields)
  .partial()
  .refine((r) => (r.team_ids === undefined && r.roles === undefined) || hasAudience(r), AUDIENCE_MESSAGE);
export type UpdateComplianceRequirementRequest = z.infer<typeof UpdateComplianceRequirementRequest>;

export const ComplianceRequirement = z.object({
  id: z.number().int(),
  collection_id: z.number().int(),
  collection_title: z.string(),
  team_ids: z.array(z.number().int()),
  teams: z.array(z.object({ id: z.number().int(), name: z.string() })).describe("The teams named, as they are called now (a deleted team is left out)"),
  roles: z.array(z.enum(COMPLIANCE_ROLES)),
  due_days: z.number().int(),
  every_months: z.number().int().nullable(),
  created_at: z.string(),
});
export type ComplianceRequirement = z.infer<typeof ComplianceRequirement>;
export const ComplianceRequirementPage = Paginated(ComplianceRequirement);
export type ComplianceRequirementPage = z.infer<typeof ComplianceRequirementPage>;

/** One person's standing on one required path, in its current cycle. */
export const ComplianceAssignment = z.object({
  requirement_id: z.number().int(),
  collection_id: z.number().int(),
  collection_title: z.string(),
  due_on: z.string().describe("The day the current cycle is due (YYYY-MM-DD)"),
  completed_at: z.string().nullable(),
  expires_on: z.string().nullable().describe("The day the completion stops counting (recurring requirements only)"),
  certificate_code: z.string().nullable(),
  status: ComplianceStatus,
  abilities: z.object({
    start_again: z
      .boolean()
      .describe("The completion has expired, or expires within 30 days: the person may start the path again for the next cycle (its items to do again)"),
  }),
});
export type ComplianceAssignment = z.infer<typeof ComplianceAssignment>;
export const MyComplianceResponse = z.object({ results: z.array(ComplianceAssignment) });
export type MyComplianceResponse = z.infer<typeof MyComplianceResponse>;

/** Counts per team for the insights page: every person in a required path's audience, once per path. */
export const ComplianceTeamRow = z.object({
  team_id: z.number().int().nullable(),
  team_name: z.string().nullable().describe("null: people in no team (required by their role)"),
  on_time: z.number().int(),
  due: z.number().int(),
  overdue: z.number().int(),
  expired: z.number().int(),
});
export type ComplianceTeamRow = z.infer<typeof ComplianceTeamRow>;
export const ComplianceByTeamResponse = z.object({ results: z.array(ComplianceTeamRow) });
export type ComplianceByTeamResponse = z.infer<typeof ComplianceByTeamResponse>;
