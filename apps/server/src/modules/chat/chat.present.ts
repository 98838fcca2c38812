import type { ChatHooks } from "@learnward/contracts";
import type { ChatHooksRow } from "./chat.repo.ts";

export const presentChatHooks = (row: ChatHooksRow | undefined): ChatHooks => ({
  slack_webhook_url: row?.slackWebhookUrl ?? null,
  teams_webhook_url: row?.teamsWebhookUrl ?? null,
  updated_at: row ? row.updatedAt.toISOString() : null,
});
