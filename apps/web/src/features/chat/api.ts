import type { ChatChannel, UpdateChatHooksRequest } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

// The company's Slack and Teams hooks: hr reaches their own company's, the platform
// admin any company's by its id. Each answer checked against its contract.
const checkHooks = checkedBy((s) => s.ChatHooks);
const checkTest = checkedBy((s) => s.TestChatHookResponse);

/** Whose hooks: the signed-in person's company (hr), or a company by id (the platform admin). */
export type ChatHooksOwner = { companyId?: number };
const pathOf = ({ companyId }: ChatHooksOwner) =>
  companyId === undefined ? ("/api/b2b/v1/company/chat-hooks/" as const) : (`/api/b2b/v1/admin/companies/${companyId}/chat-hooks/` as const);

export const fetchChatHooks = (owner: ChatHooksOwner, signal?: AbortSignal) => request(pathOf(owner), { parse: checkHooks, signal });

export const updateChatHooks = (owner: ChatHooksOwner, body: UpdateChatHooksRequest) => request(pathOf(owner), { method: "PATCH", body, parse: checkHooks });

export const testChatHook = (owner: ChatHooksOwner, channel: ChatChannel) =>
  request(`${pathOf(owner)}test/`, { method: "POST", body: { channel }, parse: checkTest });
