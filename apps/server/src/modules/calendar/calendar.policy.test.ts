import { describe, expect, it } from "vitest";
import { ACTORS, allowedBy } from "../../../test/actors.ts";
import { calendarPolicy } from "./calendar.policy.ts";
import type { FeedOwner } from "./calendar.repo.ts";

describe("calendar policy", () => {
  it("lets only its owner see or replace a feed's address, platform operators included", () => {
    expect(allowedBy((a) => calendarPolicy.manageFeed(a, { accountId: ACTORS.member.accountId }))).toEqual(["member"]);
    expect(allowedBy((a) => calendarPolicy.manageFeed(a, { accountId: ACTORS.hr.accountId }))).toEqual(["hr"]);
  });

  it("answers a feed only while its owner could sign in", () => {
    const feed = (status: FeedOwner["status"], companyStatus: FeedOwner["companyStatus"]) =>
      calendarPolicy.feedAnswers({ accountId: 6, companyId: 1, locale: "en", status, companyStatus });
    expect(feed("active", "active")).toBe(true);
    // A platform operator's feed: no company to be suspended.
    expect(feed("active", null)).toBe(true);
    expect(feed("deactivated", "active")).toBe(false);
    expect(feed("active", "suspended")).toBe(false);
  });
});
