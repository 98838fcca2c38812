import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { BASE_URL, atBothWidths, browserForThisFile, openPage, screenshot, signInWithApi, visible } from "../support";

// A person subscribes their calendar to their plan deadlines from settings.

const browser = browserForThisFile();

/** The feed's events as a calendar app reads them (ical.js throws on text that is not RFC 5545). */
function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return { summary: event.summary, start: event.startDate.toString(), allDay: event.startDate.isDate, alarms: vevent.getAllSubcomponents("valarm").length };
  });
}

describe("calendar feed", () => {
  it("is copied from settings; the feed at that link holds my plans' deadlines; a new link kills the old one", { timeout: 120_000 }, async () => {
    const { page, context, errors } = await openPage(browser());
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(BASE_URL).origin });
    await signInWithApi(context, "member@acme.test");
    // The plans the member holds (the demo gives them one through their team and one by name).
    const tasks = (await (await context.request.get("/api/b2b/v1/my-tasks/?page_size=100")).json()) as {
      results: { status: string; plan: { title: string; deadline: string } }[];
    };
    const held = tasks.results.filter((task) => task.status !== "rejected").map((task) => task.plan);
    expect(held.length).toBeGreaterThan(0);

    await page.goto("/setting");
    // One section at a time: chosen in the page's own navigation.
    await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Calendar", exact: true }).click();
    const section = page.getByRole("region", { name: "Calendar" });
    const field = await visible(section.getByRole("textbox", { name: "Your private calendar link" }));
    await section.getByRole("button", { name: "Copy link" }).click();
    await visible(page.getByText("Calendar link copied"));
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toBe(await field.inputValue());
    expect(url).toMatch(/^http:\/\/.+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    // Fetched as a calendar app does: over HTTP, with no session.
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const found = events(await feed.text());
    for (const plan of held) expect(found).toContainEqual({ summary: plan.title, start: plan.deadline, allDay: true, alarms: 1 });

    await atBothWidths(page, async (label, viewport) => {
      await section.scrollIntoViewIfNeeded();
      const box = await field.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width, `link field inside ${label} px`).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `settings-calendar-${label}`);
    });

    await section.getByRole("button", { name: "Get a new link" }).click();
    const dialog = await visible(page.getByRole("dialog", { name: "Get a new calendar link?" }));
    await dialog.getByRole("button", { name: "Get a new link" }).click();
    await visible(page.getByText("New calendar link ready. Add it to your calendar again."));
    const renewed = await field.inputValue();
    expect(renewed).not.toBe(url);
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(renewed)).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });
});
