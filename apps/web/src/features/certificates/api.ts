import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

// Certificates' calls, each answer checked against its contract.

const checkPublic = checkedBy((s) => s.PublicCertificate);
const checkPage = checkedBy((s) => s.Paginated(s.Certificate));

/** What the certificate with this code states, and its status; open to anyone holding the code. */
export const fetchPublicCertificate = (code: string, signal?: AbortSignal) =>
  request(`/api/public/certificates/${encodeURIComponent(code)}`, { parse: checkPublic, signal });

/** My certificates, newest first. */
export const fetchMyCertificates = (signal?: AbortSignal) => request("/api/b2b/v1/certificates", { query: { page_size: 100 }, parse: checkPage, signal });

/** Where a certificate's PDF downloads from (same origin: the session cookie goes with it). */
export const certificatePdfPath = (id: number) => `/api/b2b/v1/certificates/${id}/pdf`;

/** A colleague's certificates by their username (hr of the company), newest first. */
export const fetchCertificatesOf = (username: string, signal?: AbortSignal) =>
  request("/api/b2b/v1/certificates", { query: { username, page_size: 100 }, parse: checkPage, signal });

const checkOne = checkedBy((s) => s.Certificate);

/** hr takes a certificate back; its verification page then says so, with the date. */
export const revokeCertificate = (id: number, reason: string) =>
  request(`/api/b2b/v1/certificates/${id}/revoke`, { method: "POST", body: { reason }, parse: checkOne });
