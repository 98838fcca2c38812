import type { ChatChannel, UpdateChatHooksRequest } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

// The company's Slack and Teams hooks (issue 25), as hr reaches them; each answer checked against its contract.
const PATH = "/api/b2b/v1/company/chat-hooks/";
const checkHooks = checkedBy((s) => s.ChatHooks);
const checkTest = checkedBy((s) => s.TestChatHookResponse);

export const fetchChatHooks = (signal?: AbortSignal) => request(PATH, { parse: checkHooks, signal });

export const updateChatHooks = (body: UpdateChatHooksRequest) => request(PATH, { method: "PATCH", body, parse: checkHooks });

export const testChatHook = (channel: ChatChannel) => request(`${PATH}test/`, { method: "POST", body: { channel }, parse: checkTest });
