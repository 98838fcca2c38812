/**
 * What the certificates module offers the others: its policy and service. Other modules import from
 * here only; app.ts builds the module itself with certificates.module.ts.
 */
export { certificatesPolicy } from "./certificates.policy.ts";
export type { CertificatesService } from "./certificates.service.ts";
export { certificateStatus } from "./certificates.status.ts";
