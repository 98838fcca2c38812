import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { certificateWorld } from "../../../test/certificates-world.ts";
import { inDays } from "../../../test/dates.ts";

// The day a required path is due is an all-day event of the person's calendar feed, beside their
// plans' deadlines, until they complete it.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

const requiredEvents = (text: string) =>
  new ICAL.Component(ICAL.parse(text))
    .getAllSubcomponents("vevent")
    .map((vevent) => new ICAL.Event(vevent))
    .filter((e) => e.uid.startsWith("compliance-"))
    .map((e) => ({ uid: e.uid, summary: e.summary, start: e.startDate.toString(), allDay: e.startDate.isDate, description: e.description }));

describe("required paths in the calendar feed", () => {
  it("holds the due day of each path required of me until I complete it", async () => {
    const w = await certificateWorld(t);
    const requirementId = await w.requireOfTeam({ due_days: 20, every_months: null });
    const feed = new URL((await w.member.client.get("/api/me/calendar")).body.url as string).pathname;
    expect(requiredEvents((await t.anonymous.get(feed)).text)).toEqual([
      {
        uid: `compliance-${requirementId}-account-${w.member.id}@localhost`,
        summary: "SQL basics",
        start: inDays(20),
        allDay: true,
        description: "This learning path is required of you by this day. See it in Learnward: http://localhost:3000/collaborative-network/myTasks",
      },
    ]);
    const ldFeed = new URL((await w.ldleader.client.get("/api/me/calendar")).body.url as string).pathname;
    expect(requiredEvents((await t.anonymous.get(ldFeed)).text)).toEqual([]);

    await w.finish();
    expect(requiredEvents((await t.anonymous.get(feed)).text)).toEqual([]);
  });
});
