import { useQuery } from "@tanstack/react-query";
import { fetchMyCertificates, fetchPublicCertificate } from "./api";

/** The public verification of a code; an unknown code is an answer (not found), not a reason to retry. */
export function usePublicCertificate(code: string) {
  return useQuery({ queryKey: ["certificate-verification", code], queryFn: ({ signal }) => fetchPublicCertificate(code, signal), retry: false });
}

/** My certificates, for my profile. */
export function useMyCertificates() {
  return useQuery({ queryKey: ["certificates", "mine"], queryFn: ({ signal }) => fetchMyCertificates(signal) });
}
