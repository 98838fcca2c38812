import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ScimTokenStatus } from "@learnward/contracts";
import { companySettingQuery } from "../../lib/companySettingQuery";
import { createScimToken, fetchScimToken, type ScimOwner } from "./api";
import { storeAnswer } from "../../lib/storeAnswer";

const scimToken = companySettingQuery("scim-token", fetchScimToken);
export const scimTokenKey = scimToken.key;
export const scimTokenOptions = scimToken.options;
export const useScimToken = scimToken.useRead;

/** Creates or rotates the token; the status is updated from the answer, the secret stays with the caller. */
export function useCreateScimToken(owner: ScimOwner = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createScimToken(owner),
    onSuccess: ({ token: _secret, ...status }) => storeAnswer<ScimTokenStatus>(queryClient, scimTokenKey(owner), status),
  });
}
