import { type ChatChannel, collectionSlug } from "@learnward/contracts";
import type { WaitingRequests } from "./chat.repo.ts";

/**
 * What a chat post says. Companies have no language of their own (only people do), so
 * channel posts are in English, the app's default.
 */
export interface ChatMessage {
  /** The sentence, plain. */
  text: string;
  /** Where each link leads, by its words in the sentence: Slack turns them into links, Teams into buttons. */
  links: Array<{ label: string; url: string }>;
}

/** A title is one line in a post: a line break in it would start a paragraph, heading or list of its own. */
const oneLine = (s: string) => s.replace(/\s*[\r\n\u2028\u2029]+\s*/g, " ");

export function collectionPublishedMessage(publicUrl: string, c: { id: number; title: string }): ChatMessage {
  return {
    text: `New learning path in the company library: ${oneLine(c.title)}`,
    links: [{ label: "Open the learning path", url: `${publicUrl}/collaborative-network/collections/${c.id}/${collectionSlug(c.title)}` }],
  };
}

/** "3 requests are waiting for a decision", with a link to each kind that has any. */
export function requestsWaitingMessage(publicUrl: string, w: WaitingRequests): ChatMessage | null {
  const total = w.purchase + w.publish + w.people;
  if (total === 0) return null;
  const links: ChatMessage["links"] = [];
  if (w.purchase) links.push({ label: `Purchase requests (${w.purchase})`, url: `${publicUrl}/budgetingPlan/purchaseRequest` });
  if (w.publish) links.push({ label: `Publish requests (${w.publish})`, url: `${publicUrl}/collaborative-network/publishRequest` });
  if (w.people) links.push({ label: `Invite and removal requests (${w.people})`, url: `${publicUrl}/peopleManagement?tab=3` });
  return { text: total === 1 ? "1 request is waiting for a decision" : `${total} requests are waiting for a decision`, links };
}

/** "Required learning: sent today 3 reminders of a required learning path due soon, 1 reminder of a certificate expiring soon. 2 people are overdue." */
export function complianceRemindedMessage(publicUrl: string, c: { dueSoon: number; expiring: number; overdue: number }): ChatMessage {
  const reminders = (n: number) => `${n} ${n === 1 ? "reminder" : "reminders"}`;
  const told = [
    c.dueSoon && `${reminders(c.dueSoon)} of a required learning path due soon`,
    c.expiring && `${reminders(c.expiring)} of a certificate expiring soon`,
  ].filter(Boolean);
  const overdue = c.overdue === 0 ? "" : c.overdue === 1 ? " 1 person is overdue." : ` ${c.overdue} people are overdue.`;
  return {
    text: `Required learning: sent today ${told.join(", ")}.${overdue}`,
    // Insights, where those who read compliance see it by team.
    links: [{ label: "Compliance by team", url: `${publicUrl}/dashboard/content` }],
  };
}

export function testMessage(publicUrl: string): ChatMessage {
  return { text: "Learnward is connected: company news will be posted in this channel.", links: [{ label: "Open Learnward", url: publicUrl }] };
}

// Slack mrkdwn: these three characters are control characters (https://api.slack.com/reference/surfaces/formatting#escaping).
const slackEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Slack incoming webhook: `text` is the notification's fallback, `blocks` what the channel shows. */
export function slackBody(m: ChatMessage) {
  const links = m.links.map((l) => `<${l.url}|${slackEscape(l.label)}>`).join("  ·  ");
  return {
    text: `${m.text}${m.links[0] ? ` ${m.links[0].url}` : ""}`,
    blocks: [{ type: "section", text: { type: "mrkdwn", text: links ? `${slackEscape(m.text)}\n${links}` : slackEscape(m.text) } }],
  };
}

/**
 * Teams incoming webhook (Workflows and the older connectors both take it): one Adaptive Card with a
 * button per link. The sentence goes in a TextRun, which the Adaptive Card schema never reads as
 * Markdown: a TextBlock would turn `[words](url)` in a title into a link, and backslash escapes are
 * not honoured alike by every Teams client (mobile ones show the backslashes).
 */
export function teamsBody(m: ChatMessage) {
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [{ type: "RichTextBlock", inlines: [{ type: "TextRun", text: m.text }] }],
          actions: m.links.map((l) => ({ type: "Action.OpenUrl", title: l.label, url: l.url })),
        },
      },
    ],
  };
}

export const bodyFor = (channel: ChatChannel, m: ChatMessage) => (channel === "slack" ? slackBody(m) : teamsBody(m));
