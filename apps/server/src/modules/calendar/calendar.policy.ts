import type { Rule } from "../../lib/actor.ts";
import type { FeedOwner } from "./calendar.repo.ts";

/**
 * Calendar feed rules. A feed is its owner's alone: its URL is shown to, and replaced by,
 * nobody else. The feed itself is read without a session (calendar apps have none): its secret is the
 * credential, and it answers only while its owner could sign in.
 */
export const calendarPolicy = {
  /** My feed's URL, and a new one: always my own account's (the routes take no id). */
  manageFeed: ((a, feed) => feed.accountId === a.accountId) as Rule<{ accountId: number }>,
  /** A deactivated person's or a suspended company's feed answers like an unknown secret. */
  feedAnswers: (owner: FeedOwner) => owner.status === "active" && owner.companyStatus !== "suspended",
};
