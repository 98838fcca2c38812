import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChatChannel, UpdateChatHooksRequest } from "@learnward/contracts";
import { fetchChatHooks, testChatHook, updateChatHooks, type ChatHooksOwner } from "./api";

export const chatHooksKey = (owner: ChatHooksOwner = {}) => ["chat-hooks", owner.companyId ?? "mine"] as const;
export const chatHooksOptions = (owner: ChatHooksOwner = {}) =>
  queryOptions({ queryKey: chatHooksKey(owner), queryFn: ({ signal }) => fetchChatHooks(owner, signal) });

export function useChatHooks(owner: ChatHooksOwner = {}) {
  return useQuery(chatHooksOptions(owner));
}

export function useUpdateChatHooks(owner: ChatHooksOwner = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateChatHooksRequest) => updateChatHooks(owner, body),
    onSuccess: (saved) => queryClient.setQueryData(chatHooksKey(owner), saved),
  });
}

export function useTestChatHook(owner: ChatHooksOwner = {}) {
  return useMutation({ mutationFn: (channel: ChatChannel) => testChatHook(owner, channel) });
}
