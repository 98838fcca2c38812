import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { APIRequestContext, Browser, Page } from "playwright-core";
import { atBothWidths, launchBrowser, openPage, readOutbox, screenshot, signInWithApi, visible, waitForPath, type Session, OUR_ORIGIN } from "../support";

// The bell. A team leader assigns a plan to their team; the member sees the count, opens
// the list and follows the entry, and has the mail; a decided purchase request tells its requester.
let browser: Browser;
let member: Session;
let leader: Session;
let ld: Session;
const RUN = Date.now().toString(36);
const PLAN = `Notified plan ${RUN}`;
const COURSE = `Notified course ${RUN}`;
const DEADLINE = "2030-12-31";

async function ok<T>(api: APIRequestContext, method: "get" | "post", path: string, data?: unknown): Promise<T> {
  const response = method === "get" ? await api.get(path) : await api.post(path, { headers: OUR_ORIGIN, data: data ?? {} });
  if (!response.ok()) throw new Error(`${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The bell's count as its label says it ("Notifications, 2 unread"); 0 when it says none. */
async function unread(page: Page): Promise<number> {
  const bell = await visible(page.getByRole("button", { name: /^Notifications/ }));
  return Number(/(\d+) unread/.exec((await bell.getAttribute("aria-label")) ?? "")?.[1] ?? 0);
}

beforeAll(async () => {
  browser = await launchBrowser();
  [member, leader, ld] = await Promise.all([openPage(browser), openPage(browser), openPage(browser)]);
  await signInWithApi(member.context, "member@acme.test");
  await signInWithApi(leader.context, "teamleader@acme.test");
  await signInWithApi(ld.context, "ldleader@acme.test");
});
afterAll(async () => {
  for (const s of [member, leader, ld]) await s?.context.close();
  await browser?.close();
});

describe("notifications: the bell", () => {
  it("shows the member the plan their team leader assigned, and leads to it", { timeout: 150_000 }, async () => {
    const { page, errors } = member;
    await page.goto("/home");
    const before = await unread(page);

    // The team leader's learning path, published, assigned to their team as a plan.
    const tl = leader.context.request;
    const saved = await ok<{ id_content: number }>(tl, "post", "/api/contentuser/save/", {
      url: `https://courses.example/notified-${RUN}`,
      title: `Notified item ${RUN}`,
      fetch_metadata: false,
    });
    const path = await ok<{ id: number }>(tl, "post", "/api/b2b/v1/collections/", { title: `Notified path ${RUN}` });
    await ok(tl, "post", `/api/b2b/v1/collections/${path.id}/items/`, { content_id: saved.id_content });
    const asked = await ok<{ id: number }>(tl, "post", "/api/b2b/v1/publish-requests/", { collection_id: path.id });
    await ok(ld.context.request, "post", `/api/b2b/v1/publish-requests/${asked.id}/accept/`);
    const me = await ok<{ account: { team: { id: number } } }>(tl, "get", "/api/me");
    await ok(tl, "post", "/api/b2b/v1/plans/", {
      title: PLAN,
      deadline: DEADLINE,
      skills: { sql: { collections: [path.id] } },
      selectedTeam: [me.account.team.id],
    });

    // The count refreshes when the window regains focus (and every minute). Plan reminders run
    // every quarter hour and may add to it meanwhile, so it is at least one more.
    await page.reload();
    await expect.poll(() => unread(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 1);
    await page.getByRole("button", { name: /^Notifications/ }).click();
    const list = await visible(page.getByRole("list", { name: "Notifications" }));
    const entry = list.getByRole("link", { name: new RegExp(`New plan for you: ${PLAN} \\(due ${DEADLINE}\\)`) });
    expect(await (await visible(entry)).textContent()).toMatch(/Unread/);
    await entry.click();
    await waitForPath(page, "/collaborative-network/myTasks");
    // Following the entry read it (the page marks it read as it follows the link, so the answer may
    // come a moment after the new page), and the bell counts it no more.
    type Entries = { unread: number; results: { read: boolean; params: { plan?: unknown } }[] };
    const readFlag = async () => (await ok<Entries>(page.request, "get", "/api/notifications")).results.find((n) => n.params.plan === PLAN)?.read;
    await expect.poll(readFlag, { timeout: 15_000 }).toBe(true);
    await expect
      .poll(async () => (await unread(page)) <= (await ok<Entries>(page.request, "get", "/api/notifications")).unread, { timeout: 15_000 })
      .toBe(true);

    // The same news by mail, once its job has run.
    await expect
      .poll(
        async () => (await readOutbox()).filter((m) => m.to === "member@acme.test" && m.subject === `New plan for you: ${PLAN} (due 31 December 2030)`).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    expect(errors).toEqual([]);
  });

  it("tells the requester that their purchase request was decided, at both widths", { timeout: 150_000 }, async () => {
    const { page, errors } = member;
    const asked = await ok<{ id: number }>(page.request, "post", "/api/b2b/v1/purchase-requests/", { title: COURSE, price_minor: 1_000 });
    await ok(ld.context.request, "post", `/api/b2b/v1/purchase-requests/${asked.id}/reject/`, { reason: "Not this quarter" });
    await page.goto("/home");
    await expect.poll(() => unread(page), { timeout: 15_000 }).toBeGreaterThan(0);
    await atBothWidths(page, async (label) => {
      await page.getByRole("button", { name: /^Notifications/ }).click();
      const list = await visible(page.getByRole("list", { name: "Notifications" }));
      await visible(list.getByRole("link", { name: new RegExp(`Your request for ${COURSE} was rejected`) }));
      // The list fits the screen at 390 px as at 1280.
      const box = await page.getByRole("dialog", { name: "Notifications" }).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(Number(label));
      await screenshot(page, `notifications-bell-${label}`);
      await page.keyboard.press("Escape");
      await page.getByRole("dialog", { name: "Notifications" }).waitFor({ state: "hidden" });
    });
    // Plan reminders run every quarter hour and may tell the member something while this runs:
    // what mark-all must clear is everything up to the newest entry there was when it was pressed.
    type Entries = { results: { id: number; read: boolean }[] };
    const newest = (await ok<Entries>(page.request, "get", "/api/notifications")).results[0]!.id;
    const unreadSince = async () => (await ok<Entries>(page.request, "get", "/api/notifications")).results.filter((n) => n.id > newest && !n.read).length;
    await page.getByRole("button", { name: /^Notifications/ }).click();
    const markAll = page.getByRole("button", { name: "Mark all as read" });
    await markAll.click();
    const list = await visible(page.getByRole("list", { name: "Notifications" }));
    const rejected = list.getByRole("link", { name: new RegExp(`Your request for ${COURSE} was rejected`) });
    await expect.poll(async () => (await rejected.textContent()) ?? "", { timeout: 15_000 }).not.toMatch(/Unread/);
    await page.keyboard.press("Escape");
    // The bell counts at most what came after (it may not have fetched that yet).
    await expect.poll(async () => (await unread(page)) <= (await unreadSince()), { timeout: 15_000 }).toBe(true);
    expect(errors).toEqual([]);
  });
});
