import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchCertificatesOf, fetchMyCertificates, fetchPublicCertificate, revokeCertificate } from "./api";

/** The public verification of a code; an unknown code is an answer (not found), not a reason to retry. */
export function usePublicCertificate(code: string) {
  return useQuery({ queryKey: ["certificate-verification", code], queryFn: ({ signal }) => fetchPublicCertificate(code, signal), retry: false });
}

/** My certificates, for my profile. */
export function useMyCertificates() {
  return useQuery({ queryKey: ["certificates", "mine"], queryFn: ({ signal }) => fetchMyCertificates(signal) });
}

/** A colleague's certificates, for hr on their profile. */
export function useCertificatesOf(username: string) {
  return useQuery({ queryKey: ["certificates", "of", username], queryFn: ({ signal }) => fetchCertificatesOf(username, signal) });
}

/** Revoking one: every list of certificates is read again. */
export function useRevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => revokeCertificate(id, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["certificates"] }),
  });
}
