import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import {
  atBothWidths,
  accessibilityViolations,
  expectHeading,
  launchBrowser,
  openPage,
  outboxWhen,
  readThrough,
  screenshot,
  signInWithApi,
  type Session,
  visible,
  OUR_ORIGIN,
} from "../support";

// /dashboard/content for three roles over the demo's seeded history, with a plan that is
// already past its deadline for the Engineering team, so there is someone to remind.

let browser: Browser;
const sessions: Record<string, Session> = {};
const PLAN = `Overdue SQL plan ${Date.now().toString(36)}`;

/** Signs in once per user. */
async function as(email: string): Promise<Session> {
  const existing = sessions[email];
  if (existing) return existing;
  const session = await openPage(browser);
  await signInWithApi(session.context, email);
  sessions[email] = session;
  return session;
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expectHeading(page, "Actionable insights");
  await visible(page.getByRole("heading", { name: "Needs your attention" }));
}

beforeAll(async () => {
  browser = await launchBrowser();
  // A published learning path of two links, and a plan on it for Engineering whose deadline has passed.
  const member = (await as("member@acme.test")).context.request;
  const ld = (await as("ldleader@acme.test")).context.request;
  const path = await (
    await member.post("/api/b2b/v1/collections/", { headers: OUR_ORIGIN, data: { title: `Insights path ${Date.now().toString(36)}`, skills: ["sql"] } })
  ).json();
  for (const n of [1, 2])
    await member.post(`/api/b2b/v1/collections/${path.id}/items/`, {
      headers: OUR_ORIGIN,
      data: { url: `https://learning.example/insights-${n}`, title: `Insights reading ${n}` },
    });
  const publish = await (await member.post("/api/b2b/v1/publish-requests/", { headers: OUR_ORIGIN, data: { collection_id: path.id } })).json();
  expect((await ld.post(`/api/b2b/v1/publish-requests/${publish.id}/accept/`, { headers: OUR_ORIGIN, data: {} })).status()).toBe(200);
  const team = ((await (await member.get("/api/me")).json()) as { account: { team: { id: number } } }).account.team.id;
  const plan = await ld.post("/api/b2b/v1/plans/", {
    headers: OUR_ORIGIN,
    data: { title: PLAN, deadline: "2024-01-31", skills: { sql: { collections: [path.id] } }, selectedTeam: [team] },
  });
  expect(plan.status()).toBe(201);
}, 180_000);
afterAll(async () => {
  for (const session of Object.values(sessions)) await session.context.close();
  await browser?.close();
});

describe("insights: company, team and personal views, with their actions", () => {
  it("the L&D leader sees company figures and reminds the overdue people, who get a mail", { timeout: 150_000 }, async () => {
    const { page, errors } = await as("ldleader@acme.test");
    await open(page, "/dashboard/content");
    await visible(page.getByText(/^The whole company · 30 days/));
    const figures = page.getByRole("region", { name: "Key figures" });
    await visible(figures.getByText("Active learners"));
    // The demo's four people have been learning over the last months.
    expect(Number(await figures.locator("dd").first().innerText())).toBeGreaterThanOrEqual(1);
    const overdue = page.getByRole("table", { name: "Overdue people" });
    await visible(overdue.getByRole("row", { name: new RegExp(`Marco Bianchi .*${PLAN}`) }));
    const attention = page.getByRole("region", { name: "Needs your attention" });
    await visible(attention.getByText(/people are past the deadline of an upskilling plan/));
    // Charts load on their own, each an image with its summary, and a table on request.
    await visible(page.getByRole("img", { name: /^From .* active learners at most in one step/ }));
    expect(await accessibilityViolations(page)).toEqual([]);

    await attention.getByRole("button", { name: "Remind them" }).click();
    await visible(page.getByText(/^Reminders sent to \d+ people\.$/));
    await visible(attention.getByRole("button", { name: "Reminded today" }));
    expect(await attention.getByRole("button", { name: "Reminded today" }).isDisabled()).toBe(true);
    // The dev outbox is the platform admin's to read.
    // The member also has the mail that told them of the plan when it was assigned: the reminder is the other one.
    const reminder = (m: { to: string; text: string }) => m.to === "member@acme.test" && m.text.includes(PLAN) && !m.text.includes("New plan for you");
    const outbox = await outboxWhen((mails) => mails.some(reminder), "the member's reminder");
    // One mail per person lists all their overdue plans (the demo member has another one).
    const mail = outbox.find(reminder);
    expect(mail?.text).toContain("Leo Duarte is reminding you");
    expect(mail?.text).toMatch(/\/collaborative-network\/myTasks/);
    // A team's plan is its members' to follow, not its leader's: the leader is not reminded of it.
    expect(outbox.filter((m) => m.to === "teamleader@acme.test" && m.text.includes(PLAN))).toHaveLength(0);
    expect(errors).toEqual([]);
  });

  it("the team leader sees their team, and may not look at the company", { timeout: 150_000 }, async () => {
    const { page, errors } = await as("teamleader@acme.test");
    await open(page, "/dashboard/content");
    await visible(page.getByText(/^Team Engineering · 30 days/));
    // The demo has overdue plans of its own: look at this one's row.
    await visible(
      page
        .getByRole("table", { name: "Overdue people" })
        .getByRole("row", { name: /Marco Bianchi .*Reminded/ })
        .filter({ hasText: PLAN }),
    );
    await page.getByRole("combobox", { name: "Scope" }).click();
    expect(await page.getByRole("option").allInnerTexts()).toEqual(["Me", "Team"]);
    await page.keyboard.press("Escape");
    const refused = await page.context().request.get("/api/b2b/v1/insights/?scope=company");
    expect(refused.status()).toBe(403);
    expect(errors).toEqual([]);
  });

  it("the member sees their own learning and the way to their overdue task", { timeout: 150_000 }, async () => {
    const { page, errors } = await as("member@acme.test");
    await open(page, "/dashboard/content");
    await visible(page.getByText(/^Your own learning · 30 days/));
    expect(await page.getByRole("combobox", { name: "Scope" }).count()).toBe(0);
    const attention = page.getByRole("region", { name: "Needs your attention" });
    await visible(attention.getByText(/of your plans (is|are) past (its|their) deadline/));
    await attention
      .getByRole("listitem")
      .filter({ hasText: /past (its|their) deadline/ })
      .getByRole("link", { name: "Open my tasks" })
      .click();
    await page.waitForURL("**/collaborative-network/myTasks");
    expect(errors).toEqual([]);
  });

  it("keeps the period and step across a reload", { timeout: 150_000 }, async () => {
    const { page, errors } = await as("member@acme.test");
    await open(page, "/dashboard/content");
    await page.getByRole("button", { name: "7 days" }).click();
    await page.getByRole("button", { name: "Monthly" }).click();
    await page.waitForURL((url) => url.searchParams.get("time") === "7d" && url.searchParams.get("bucket") === "month");
    await page.reload();
    await visible(page.getByText(/^Your own learning · 7 days/));
    expect(await page.getByRole("button", { name: "7 days" }).getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByRole("button", { name: "Monthly" }).getAttribute("aria-pressed")).toBe("true");
    const csv = page.getByRole("region", { name: "Top content" }).getByRole("link", { name: "Download CSV of Top content" });
    expect(await csv.getAttribute("href")).toBe("/api/b2b/v1/insights/export.csv?scope=me&time=7d&bucket=month&table=top_content");
    const file = await page.context().request.get((await csv.getAttribute("href"))!);
    expect(file.headers()["content-type"]).toMatch(/^text\/csv/);
    expect((await file.text()).split(/\r?\n/)[0]).toBe("title,url,content_type,saves,starts,completions,learning_time_hours");
    expect(errors).toEqual([]);
  });

  it("captures the dashboard at 1280 and 390 wide", { timeout: 150_000 }, async () => {
    for (const [who, name] of [
      ["ldleader@acme.test", "insights-company"],
      ["member@acme.test", "insights-member"],
    ] as const) {
      const { page, errors } = await as(who);
      // The charts honour reduced motion: they draw their final lines at once, so the picture is taken
      // of what they settle on rather than of a moment in their animation.
      await page.emulateMedia({ reducedMotion: "reduce" });
      await atBothWidths(page, async (label) => {
        await open(page, "/dashboard/content?time=all&bucket=month");
        await visible(page.getByRole("img", { name: /^From / }));
        await page.waitForLoadState("networkidle");
        // Charts further down draw as the page is scrolled towards them.
        await readThrough(page);
        await screenshot(page, `${name}-${label}`);
      });
      expect(errors).toEqual([]);
    }
  });
});
