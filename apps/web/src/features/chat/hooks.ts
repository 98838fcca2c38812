import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchChatHooks, testChatHook, updateChatHooks } from "./api";

export const chatHooksKey = ["chat-hooks"] as const;
export const chatHooksOptions = () => queryOptions({ queryKey: chatHooksKey, queryFn: ({ signal }) => fetchChatHooks(signal) });

export function useChatHooks() {
  return useQuery(chatHooksOptions());
}

export function useUpdateChatHooks() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateChatHooks, onSuccess: (saved) => queryClient.setQueryData(chatHooksKey, saved) });
}

export function useTestChatHook() {
  return useMutation({ mutationFn: testChatHook });
}
