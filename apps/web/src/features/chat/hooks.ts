import { useMutation } from "@tanstack/react-query";
import type { ChatChannel, UpdateChatHooksRequest } from "@learnward/contracts";
import { companySettingQuery, useSaveCompanySetting } from "../../lib/companySettingQuery";
import { fetchChatHooks, testChatHook, updateChatHooks, type ChatHooksOwner } from "./api";

const chatHooks = companySettingQuery("chat-hooks", fetchChatHooks);
export const chatHooksKey = chatHooks.key;
export const chatHooksOptions = chatHooks.options;
export const useChatHooks = chatHooks.useRead;

export function useUpdateChatHooks(owner: ChatHooksOwner = {}) {
  return useSaveCompanySetting(chatHooksKey(owner), (body: UpdateChatHooksRequest) => updateChatHooks(owner, body));
}

export function useTestChatHook(owner: ChatHooksOwner = {}) {
  return useMutation({ mutationFn: (channel: ChatChannel) => testChatHook(owner, channel) });
}
