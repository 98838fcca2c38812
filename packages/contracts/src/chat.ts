import { z } from "zod";

/** Where a company's chat hears of company-level events: Slack and Microsoft Teams. */
export const CHAT_CHANNELS = ["slack", "teams"] as const;
export const ChatChannel = z.enum(CHAT_CHANNELS);
export type ChatChannel = z.infer<typeof ChatChannel>;

/** The longest webhook address accepted (Slack's and Teams' are well under it). */
export const CHAT_HOOK_URL_MAX = 2000;

export const ChatHooks = z.object({
  slack_webhook_url: z.string().nullable().describe("Slack incoming-webhook URL (https), or null when Slack is not connected"),
  teams_webhook_url: z.string().nullable().describe("Microsoft Teams incoming-webhook URL (https), or null when Teams is not connected"),
  updated_at: z.string().nullable().describe("When the addresses were last changed; null before the first change"),
});
export type ChatHooks = z.infer<typeof ChatHooks>;

/**
 * Changes the addresses: a field left out stays as it is, null or "" disconnects the channel. The
 * company is the caller's (or, for a platform operator, the path's); ids in the body are ignored.
 */
export const UpdateChatHooksRequest = z.object({
  slack_webhook_url: z
    .string()
    .trim()
    .max(CHAT_HOOK_URL_MAX)
    .nullable()
    .optional()
    .describe("https:// address of a Slack incoming webhook; null or empty to disconnect"),
  teams_webhook_url: z
    .string()
    .trim()
    .max(CHAT_HOOK_URL_MAX)
    .nullable()
    .optional()
    .describe("https:// address of a Teams incoming webhook; null or empty to disconnect"),
});
export type UpdateChatHooksRequest = z.infer<typeof UpdateChatHooksRequest>;

export const TestChatHookRequest = z.object({ channel: ChatChannel.describe("Which saved address gets the test message") });
export type TestChatHookRequest = z.infer<typeof TestChatHookRequest>;

/** Why a post did not arrive: the chat service's answer, or no answer at all. */
export const CHAT_POST_FAILURES = ["blocked_address", "http_error", "timeout", "network_error", "invalid_url", "too_many_redirects", "too_large"] as const;

export const TestChatHookResponse = z.object({
  channel: ChatChannel,
  ok: z.boolean().describe("Whether the chat service took the message"),
  failure: z.enum(CHAT_POST_FAILURES).nullable().describe("Why it did not, when it did not"),
  status: z.number().int().nullable().describe("The chat service's HTTP status, when it answered"),
});
export type TestChatHookResponse = z.infer<typeof TestChatHookResponse>;
